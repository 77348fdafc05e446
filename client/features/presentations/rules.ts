import type { I18n } from '@lingui/core';
import { PRESENTATION_LIMITS, slugField } from '#common/schemas/presentations.ts';

type T = I18n['_'];

/** The form rules of a presentation's customer name and address: the API's own schemas (common/schemas/presentations.ts). */
export const SLUG_MAX = 64;
export const SLUG_MIN = 3;
export const CUSTOMER_MAX = PRESENTATION_LIMITS.customerName;

export function slugError(t: T, slug: string): string | undefined {
  if (!slug) return t('presentations.new.noAddress');
  const result = slugField.safeParse(slug);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export function customerError(t: T, name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return t('presentations.new.noCustomer');
  if (trimmed.length > CUSTOMER_MAX) return t('presentations.new.customerLong', { max: CUSTOMER_MAX });
  return undefined;
}
