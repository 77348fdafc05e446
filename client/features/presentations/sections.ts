import { sectionLabels, type SectionType } from '#common/schemas/presentations.ts';

/** The label of a section type ("Pricing offer"). */
export function sectionLabel(type: string): string {
  return sectionLabels[type as SectionType]?.label ?? type;
}
