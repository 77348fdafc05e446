/** A choice of a select: the value stored in the props and what the user reads. */
export type Choice = { value: string | number | null; label: string };

interface Base {
  key: string;
  label: string;
  hint?: string;
  /** Shown only when this holds for the props around the field (e.g. a select's options). */
  when?: (around: Record<string, unknown>) => boolean;
}

/**
 * One control of an editor's side panel (a block's, a presentation section's, the page
 * settings'). The panel is drawn from these descriptions by SpecForm; the rules (required,
 * lengths, links) are the edited thing's zod schema, whose issues land on the control at
 * the same path.
 */
export type FieldSpec =
  | (Base & { kind: 'text'; max: number; multiline?: boolean; rows?: number })
  | (Base & { kind: 'select'; choices: readonly Choice[] })
  | (Base & { kind: 'number'; min: number; max: number })
  | (Base & { kind: 'checkbox' })
  | (Base & { kind: 'image' })
  | (Base & { kind: 'video' })
  | (Base & { kind: 'button'; optional: boolean })
  | (Base & { kind: 'datetime' })
  | (Base & { kind: 'strings'; itemLabel: string; max: number; itemMax: number })
  | (Base & { kind: 'list'; itemLabel: string; max: number; fields: readonly FieldSpec[]; make: (items: readonly unknown[]) => unknown });
