import { PRESENTATION_LIMITS, slugField } from '#common/schemas/presentations.ts';

/** The form rules of a presentation's customer name and address: the API's own schemas (common/schemas/presentations.ts). */
export const SLUG_MAX = 64;
export const SLUG_MIN = 3;
export const CUSTOMER_MAX = PRESENTATION_LIMITS.customerName;

export function slugError(slug: string): string | undefined {
  if (!slug) return 'Give the presentation an address.';
  const result = slugField.safeParse(slug);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function customerError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Say who the presentation is for.';
  if (trimmed.length > CUSTOMER_MAX) return `Use at most ${CUSTOMER_MAX} characters.`;
  return undefined;
}
