import type { I18n } from '@lingui/core';
import { MAX_SECTIONS, newSection, SECTION_TYPES, type SectionType } from '#common/schemas/presentations.ts';
import type { Choice, FieldSpec } from '#client/components/editor/field-spec.ts';
import { blockFields } from '#client/blocks/fields.ts';

export { MAX_SECTIONS, newSection, SECTION_TYPES };

type T = I18n['_'];

/**
 * The side panel of each section type in the workspace's language, drawn by the page editor's
 * SpecForm; the rules are the section's zod schema. The picked creatives, ads and pages
 * (`items`) have their own control.
 */
export function sectionFields(t: T): Record<SectionType, readonly FieldSpec[]> {
  const background: FieldSpec = {
    kind: 'select',
    key: 'background',
    label: t('presentations.field.background'),
    choices: [
      { value: 'plain', label: t('presentations.field.background.plain') },
      { value: 'surface', label: t('presentations.field.background.surface') },
      { value: 'primary', label: t('presentations.field.background.primary') },
    ] satisfies Choice[],
  };
  const heading: FieldSpec = { kind: 'text', key: 'heading', label: t('presentations.field.heading'), max: 120 };
  const intro: FieldSpec = { kind: 'text', key: 'intro', label: t('presentations.field.intro'), max: 400, multiline: true };
  return {
    hero: [
      { kind: 'text', key: 'eyebrow', label: t('presentations.field.eyebrow'), max: 80, hint: t('presentations.field.eyebrowHint') },
      { kind: 'text', key: 'subheading', label: t('presentations.field.subheading'), max: 400, multiline: true, hint: t('presentations.field.subheadingHint') },
      { kind: 'image', key: 'image', label: t('presentations.field.picture') },
      { kind: 'text', key: 'buttonLabel', label: t('presentations.field.button'), max: 40, hint: t('presentations.field.buttonHint') },
      background,
    ],
    intro: [heading, { kind: 'text', key: 'signature', label: t('presentations.field.signature'), max: 120, hint: t('presentations.field.signatureHint') }],
    creatives: [heading, intro],
    adPreviews: [heading, intro],
    funnelPages: [heading, intro, { kind: 'checkbox', key: 'liveLinks', label: t('presentations.field.liveLinks') }],
    // The funnel blocks' own panels (the funnels area's words: the presentation routes load it).
    pricing: blockFields(t).pricing,
    testimonials: blockFields(t).testimonials,
    cta: [
      { kind: 'text', key: 'heading', label: t('presentations.field.headline'), max: 120 },
      { kind: 'text', key: 'text', label: t('presentations.field.text'), max: 400, multiline: true },
      { kind: 'text', key: 'label', label: t('presentations.field.buttonText'), max: 40 },
      {
        kind: 'select',
        key: 'action',
        label: t('presentations.field.ctaAction'),
        choices: [
          { value: 'link', label: t('presentations.field.ctaAction.link') },
          { value: 'interest', label: t('presentations.field.ctaAction.interest') },
        ] satisfies Choice[],
      },
      { kind: 'text', key: 'href', label: t('presentations.field.href'), max: 1000, hint: t('presentations.field.hrefHint') },
      background,
    ],
  };
}

/** The fields of one picked item (besides what it points to). */
export function itemFields(t: T): Partial<Record<SectionType, readonly FieldSpec[]>> {
  return {
    creatives: [{ kind: 'text', key: 'caption', label: t('presentations.field.caption'), max: 200 }],
    funnelPages: [
      { kind: 'text', key: 'caption', label: t('presentations.field.caption'), max: 200 },
      { kind: 'image', key: 'screenshot', label: t('presentations.field.screenshot') },
    ],
  };
}

/** The sections whose `items` point at the project's work, and the key of each item's id. */
export const PICKED: Partial<Record<SectionType, { key: 'creationId' | 'adId' | 'pageId'; max: number }>> = {
  creatives: { key: 'creationId', max: 12 },
  adPreviews: { key: 'adId', max: 6 },
  funnelPages: { key: 'pageId', max: 6 },
};
