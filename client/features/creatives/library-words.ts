import type { I18n } from '@lingui/core';
import type { CreativeStatus, FormatId } from '#common/creative/document.ts';
import type { TemplateCategory, TemplateDef } from '#common/creative/templates.ts';
import type { MessageIds } from '#common/i18n/register.ts';

/**
 * The words of the creative library that come from tables in common/ (formats, statuses,
 * templates and their categories), in the reader's language (decision 0032): `t` is `useT()`'s.
 * The tables keep their English, which the worker and the documents still use.
 */
type T = I18n['_'];

export const formatLabel = (t: T, format: FormatId) => t('library.format', { format });
/** The format inside a sentence ("Canvas, square"): lower case in English, a noun in German. */
export const formatInText = (t: T, format: FormatId) => t('library.format.lower', { format });
export const formatHint = (t: T, format: FormatId) => t('library.format.hint', { format });
export const statusLabel = (t: T, status: CreativeStatus) => t('library.status', { status });

const CATEGORY: Record<TemplateCategory, MessageIds> = {
  sale: 'library.category.sale',
  launch: 'library.category.launch',
  product: 'library.category.product',
  testimonial: 'library.category.testimonial',
  quote: 'library.category.quote',
  event: 'library.category.event',
  hiring: 'library.category.hiring',
  app: 'library.category.app',
  'before-after': 'library.category.beforeAfter',
  carousel: 'library.category.carousel',
  brand: 'library.category.brand',
};

export const categoryLabel = (t: T, category: TemplateCategory) => t(CATEGORY[category]);

/** Each template's name and description (by template id); a template missing here shows its English. */
const TEMPLATE_WORDS: Readonly<Record<string, readonly [name: MessageIds, description: MessageIds]>> = {
  'bold-headline': ['library.template.boldHeadline.name', 'library.template.boldHeadline.description'],
  'photo-overlay': ['library.template.photoOverlay.name', 'library.template.photoOverlay.description'],
  'split-image': ['library.template.splitImage.name', 'library.template.splitImage.description'],
  'gradient-promo': ['library.template.gradientPromo.name', 'library.template.gradientPromo.description'],
  'minimal-serif': ['library.template.minimalSerif.name', 'library.template.minimalSerif.description'],
  'sale-badge': ['library.template.saleBadge.name', 'library.template.saleBadge.description'],
  'quote-card': ['library.template.quoteCard.name', 'library.template.quoteCard.description'],
  'framed-product': ['library.template.framedProduct.name', 'library.template.framedProduct.description'],
  'announcement-band': ['library.template.announcementBand.name', 'library.template.announcementBand.description'],
  'flash-sale': ['library.template.flashSale.name', 'library.template.flashSale.description'],
  'coupon-code': ['library.template.couponCode.name', 'library.template.couponCode.description'],
  'product-spotlight': ['library.template.productSpotlight.name', 'library.template.productSpotlight.description'],
  'new-arrival': ['library.template.newArrival.name', 'library.template.newArrival.description'],
  'launch-spotlight': ['library.template.launchSpotlight.name', 'library.template.launchSpotlight.description'],
  'customer-review': ['library.template.customerReview.name', 'library.template.customerReview.description'],
  'big-quote': ['library.template.bigQuote.name', 'library.template.bigQuote.description'],
  'event-date': ['library.template.eventDate.name', 'library.template.eventDate.description'],
  webinar: ['library.template.webinar.name', 'library.template.webinar.description'],
  'hiring-bold': ['library.template.hiringBold.name', 'library.template.hiringBold.description'],
  'join-team': ['library.template.joinTeam.name', 'library.template.joinTeam.description'],
  'app-install': ['library.template.appInstall.name', 'library.template.appInstall.description'],
  'before-after': ['library.template.beforeAfter.name', 'library.template.beforeAfter.description'],
  'carousel-cover': ['library.template.carouselCover.name', 'library.template.carouselCover.description'],
  'big-stat': ['library.template.bigStat.name', 'library.template.bigStat.description'],
};

export function templateName(t: T, template: Pick<TemplateDef, 'id' | 'name'>): string {
  const ids = TEMPLATE_WORDS[template.id];
  return ids ? t(ids[0]) : template.name;
}

export function templateDescription(t: T, template: Pick<TemplateDef, 'id' | 'description'>): string {
  const ids = TEMPLATE_WORDS[template.id];
  return ids ? t(ids[1]) : template.description;
}
