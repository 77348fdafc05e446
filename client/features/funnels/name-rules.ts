import type { I18n } from '@lingui/core';
import { FUNNEL_NAME_MAX, FUNNEL_NAME_MIN, FUNNEL_NAME_RE, RESERVED_FUNNEL_NAMES } from '#common/schemas/funnels.ts';

export interface Rule {
  label: string;
  ok: boolean;
}

/** The funnel name's rules, each checked as the user types (the server checks the same, and that the name is free). */
export function nameRules(t: I18n['_'], name: string): Rule[] {
  return [
    { label: t('funnels.name.length', { min: FUNNEL_NAME_MIN, max: FUNNEL_NAME_MAX }), ok: name.length >= FUNNEL_NAME_MIN && name.length <= FUNNEL_NAME_MAX },
    { label: t('funnels.name.chars'), ok: name.length > 0 && /^[a-z0-9-]+$/.test(name) },
    { label: t('funnels.name.ends'), ok: name.length > 0 && FUNNEL_NAME_RE.test(name) },
    { label: t('funnels.name.reserved'), ok: name.length > 0 && !RESERVED_FUNNEL_NAMES.has(name) },
  ];
}

/** The first broken rule, as a sentence for the field; undefined when the name is fine. */
export function nameError(t: I18n['_'], name: string): string | undefined {
  if (!name) return t('funnels.name.missing');
  if (name.length < FUNNEL_NAME_MIN) return t('funnels.name.tooShort', { min: FUNNEL_NAME_MIN });
  if (name.length > FUNNEL_NAME_MAX) return t('funnels.name.tooLong', { max: FUNNEL_NAME_MAX });
  if (!/^[a-z0-9-]+$/.test(name)) return t('funnels.name.badChars');
  if (!FUNNEL_NAME_RE.test(name)) return t('funnels.name.badEnds');
  if (RESERVED_FUNNEL_NAMES.has(name)) return t('funnels.name.isReserved', { name });
  return undefined;
}
