import type { I18n } from '@lingui/core';
import { SECTION_TYPES, type SectionType } from '#common/schemas/presentations.ts';

type T = I18n['_'];

const isType = (type: string): type is SectionType => (SECTION_TYPES as readonly string[]).includes(type);

/** The label of a section type ("Pricing offer"), in the workspace's language. */
export function sectionLabel(t: T, type: string): string {
  return isType(type) ? t(`presentations.section.${type}`) : type;
}

/** What a section type is for, in the picker. */
export function sectionDescription(t: T, type: SectionType): string {
  return t(`presentations.section.${type}.description`);
}
