/**
 * The templates' ids, in the order of TEMPLATES (common/creative/templates.ts defines each one;
 * templates.test.ts keeps the two the same). Apart from the templates so that a schema can name
 * them without loading every template (the editor loads those on a change of format).
 */
export const TEMPLATE_IDS = [
  'bold-headline',
  'photo-overlay',
  'split-image',
  'gradient-promo',
  'minimal-serif',
  'sale-badge',
  'quote-card',
  'framed-product',
  'announcement-band',
  'flash-sale',
  'coupon-code',
  'product-spotlight',
  'new-arrival',
  'launch-spotlight',
  'customer-review',
  'big-quote',
  'event-date',
  'webinar',
  'hiring-bold',
  'join-team',
  'app-install',
  'before-after',
  'carousel-cover',
  'big-stat',
] as const;

export type TemplateId = (typeof TEMPLATE_IDS)[number];
