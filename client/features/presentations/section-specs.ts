import { MAX_SECTIONS, newSection, SECTION_TYPES, type SectionType } from '#common/schemas/presentations.ts';
import type { Choice, FieldSpec } from '#client/components/editor/field-spec.ts';
import { BLOCK_FIELDS } from '#client/blocks/fields.ts';

export { MAX_SECTIONS, newSection, SECTION_TYPES };

const background: FieldSpec = {
  kind: 'select',
  key: 'background',
  label: 'Background',
  choices: [
    { value: 'plain', label: 'Page colour' },
    { value: 'surface', label: 'Surface colour' },
    { value: 'primary', label: 'Primary colour' },
  ] satisfies Choice[],
};

const heading: FieldSpec = { kind: 'text', key: 'heading', label: 'Heading', max: 120 };
const intro: FieldSpec = { kind: 'text', key: 'intro', label: 'Introduction', max: 400, multiline: true };

/**
 * The side panel of each section type, drawn by the page editor's SpecForm; the rules are the
 * section's zod schema. The picked creatives, ads and pages (`items`) have their own control.
 */
export const SECTION_FIELDS: Record<SectionType, readonly FieldSpec[]> = {
  hero: [
    { kind: 'text', key: 'eyebrow', label: 'Eyebrow', max: 80, hint: 'Above the headline; empty: “Prepared for” and the customer’s name.' },
    { kind: 'text', key: 'subheading', label: 'Subheading', max: 400, multiline: true, hint: 'The headline itself is under “Customer and message”.' },
    { kind: 'image', key: 'image', label: 'Picture' },
    { kind: 'text', key: 'buttonLabel', label: 'Button', max: 40, hint: 'Scrolls to the call to action; empty: no button.' },
    background,
  ],
  intro: [heading, { kind: 'text', key: 'signature', label: 'Signature', max: 120, hint: 'Under the note, e.g. “Dana, Northwind Studio”; empty: your name.' }],
  creatives: [heading, intro],
  adPreviews: [heading, intro],
  funnelPages: [heading, intro, { kind: 'checkbox', key: 'liveLinks', label: 'Link each card to the live page' }],
  pricing: BLOCK_FIELDS.pricing,
  testimonials: BLOCK_FIELDS.testimonials,
  cta: [
    { kind: 'text', key: 'heading', label: 'Headline', max: 120 },
    { kind: 'text', key: 'text', label: 'Text', max: 400, multiline: true },
    { kind: 'text', key: 'label', label: 'Button text', max: 40 },
    {
      kind: 'text',
      key: 'href',
      label: 'Booking or sign-up link',
      max: 1000,
      hint: 'https://… or a path on Adloom like /pricing: your affiliate code is added as ?ref= when the page is shown.',
    },
    background,
  ],
};

/** The fields of one picked item (besides what it points to). */
export const ITEM_FIELDS: Partial<Record<SectionType, readonly FieldSpec[]>> = {
  creatives: [{ kind: 'text', key: 'caption', label: 'Caption', max: 200 }],
  funnelPages: [
    { kind: 'text', key: 'caption', label: 'Caption', max: 200 },
    { kind: 'image', key: 'screenshot', label: 'Screenshot' },
  ],
};

/** The sections whose `items` point at the project's work, and the key of each item's id. */
export const PICKED: Partial<Record<SectionType, { key: 'creationId' | 'adId' | 'pageId'; noun: string; max: number }>> = {
  creatives: { key: 'creationId', noun: 'creative', max: 12 },
  adPreviews: { key: 'adId', noun: 'ad', max: 6 },
  funnelPages: { key: 'pageId', noun: 'page', max: 6 },
};
