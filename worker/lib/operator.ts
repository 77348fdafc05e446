import type { Bindings } from '#worker/env.ts';

/**
 * The operator's details (wrangler.toml [vars]): who runs this Adloom, as the imprint (§ 5 DDG)
 * and the other legal pages name it in both languages. The optional ones may be empty (a sole
 * trader has no representative, register entry or VAT id; the contact form is the second way
 * to reach the operator): the legal pages then leave their line out.
 */
export const OPERATOR_VARS = [
  'OPERATOR_NAME',
  'OPERATOR_ADDRESS',
  'OPERATOR_EMAIL',
  'OPERATOR_REPRESENTATIVE',
  'OPERATOR_PHONE',
  'OPERATOR_REGISTER',
  'OPERATOR_VAT_ID',
  'OPERATOR_CONTENT_RESPONSIBLE',
] as const;

export type OperatorVar = (typeof OPERATOR_VARS)[number];
export type Operator = Pick<Bindings, OperatorVar>;

const OPTIONAL: ReadonlySet<OperatorVar> = new Set(['OPERATOR_REPRESENTATIVE', 'OPERATOR_PHONE', 'OPERATOR_REGISTER', 'OPERATOR_VAT_ID']);

/** The example values wrangler.toml ships with (a test keeps the two the same): never a real operator's. */
export const EXAMPLE_OPERATOR: Operator = {
  OPERATOR_NAME: 'Example Operator GmbH (example, replace before going live)',
  OPERATOR_ADDRESS: 'Example Street 1, 10115 Berlin, Germany (example)',
  OPERATOR_EMAIL: 'hello@example.com',
  OPERATOR_REPRESENTATIVE: 'Erika Example (example)',
  OPERATOR_PHONE: '+49 30 0000000 (example)',
  OPERATOR_REGISTER: 'Amtsgericht Berlin-Charlottenburg, HRB 000000 B (example)',
  OPERATOR_VAT_ID: 'DE000000000 (example)',
  OPERATOR_CONTENT_RESPONSIBLE: 'Erika Example, Example Street 1, 10115 Berlin, Germany (example)',
};

/** The operator's details by name (the legal pages' `{{NAME}}` placeholders), trimmed. */
export function operatorDetails(env: Operator): Record<OperatorVar, string> {
  return Object.fromEntries(OPERATOR_VARS.map((name) => [name, env[name].trim()])) as Record<OperatorVar, string>;
}

/** The details not yet made the operator's own: still the example, or empty where the imprint needs them. */
export function placeholderOperatorVars(env: Operator): OperatorVar[] {
  const details = operatorDetails(env);
  return OPERATOR_VARS.filter((name) => details[name] === EXAMPLE_OPERATOR[name] || (details[name] === '' && !OPTIONAL.has(name)));
}
