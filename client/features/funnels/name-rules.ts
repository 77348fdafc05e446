import { FUNNEL_NAME_MAX, FUNNEL_NAME_MIN, FUNNEL_NAME_RE, RESERVED_FUNNEL_NAMES } from '#common/schemas/funnels.ts';

export interface Rule {
  label: string;
  ok: boolean;
}

/** The funnel name's rules, each checked as the user types (the server checks the same, and that the name is free). */
export function nameRules(name: string): Rule[] {
  return [
    { label: `${FUNNEL_NAME_MIN} to ${FUNNEL_NAME_MAX} characters`, ok: name.length >= FUNNEL_NAME_MIN && name.length <= FUNNEL_NAME_MAX },
    { label: 'Lower-case letters, digits and hyphens', ok: name.length > 0 && /^[a-z0-9-]+$/.test(name) },
    { label: 'Starts and ends with a letter or digit', ok: name.length > 0 && FUNNEL_NAME_RE.test(name) },
    { label: 'Not a reserved word (like api, app or www)', ok: name.length > 0 && !RESERVED_FUNNEL_NAMES.has(name) },
  ];
}

/** The first broken rule, as a sentence for the field; undefined when the name is fine. */
export function nameError(name: string): string | undefined {
  if (!name) return 'Give the funnel a name for its address.';
  if (name.length < FUNNEL_NAME_MIN) return `Use at least ${FUNNEL_NAME_MIN} characters.`;
  if (name.length > FUNNEL_NAME_MAX) return `Use at most ${FUNNEL_NAME_MAX} characters.`;
  if (!/^[a-z0-9-]+$/.test(name)) return 'Use only lower-case letters, digits and hyphens.';
  if (!FUNNEL_NAME_RE.test(name)) return 'Start and end with a letter or digit.';
  if (RESERVED_FUNNEL_NAMES.has(name)) return `“${name}” is reserved. Pick another name.`;
  return undefined;
}
