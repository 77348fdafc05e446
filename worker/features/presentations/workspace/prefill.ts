import { themeFromBrandKit } from '#common/schemas/blocks-theme.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { BLOCK_SAMPLES } from '#common/schemas/blocks-defaults.ts';
import { newSection, starterDocument, type PresentationDocument, type Section } from '#common/schemas/presentations.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import type { Db } from '#worker/db/client.ts';
import { projectAds } from '#worker/features/ads/core/service.ts';
import { projectCreations } from '#worker/features/creatives/core/service.ts';
import { projectPages } from '#worker/features/funnels/pages/service.ts';
import { projectImages } from '#worker/features/media/service.ts';

const GOOD_CREATIVES = new Set(['approved']);
const SHOWN_ADS = ['published', 'scheduled', 'approved', 'in_review'];

/** The words a prefilled presentation writes for the customer, per language. */
const WORDS: Record<Locale, { logoAlt: (customer: string) => string; intro: (customer: string, project: string) => string }> = {
  en: {
    logoAlt: (customer) => `${customer} logo`,
    intro: (customer, project) =>
      `Dear ${customer} team,\n\nwe put together what we would do for ${project} this season: the creatives, the ads as your customers would see them, and the pages they lead to.`,
  },
  de: {
    logoAlt: (customer) => `Logo von ${customer}`,
    intro: (customer, project) =>
      `Liebes Team von ${customer},\n\nwir haben zusammengestellt, was wir in dieser Saison für ${project} tun würden: die Creatives, die Anzeigen so, wie Ihre Kunden sie sehen würden, und die Seiten, auf die sie führen.`,
  },
};

/** A document for the project's customer, in the project's language: its brand, its best creatives (approved first), ads and published pages. */
export async function prefilledDocument(
  db: Db,
  customerName: string,
  project: { id: string; name: string; brandKit: BrandKit; locale: Locale },
): Promise<PresentationDocument> {
  const theme = themeFromBrandKit(project.brandKit);
  const locale = project.locale;
  const words = WORDS[locale];
  const doc = starterDocument(customerName, theme, locale);
  const [creationRows, adRows, pageRows, logo] = await Promise.all([
    projectCreations(db, project.id, null, 30),
    projectAds(db, project.id, null, 30),
    projectPages(db, project.id, null, 10),
    project.brandKit.logoMediaId ? projectImages(db, project.id, [project.brandKit.logoMediaId]) : Promise.resolve([]),
  ]);
  if (logo[0]) doc.logo = { mediaId: logo[0].id, alt: words.logoAlt(customerName) };
  const best = [...creationRows.filter((c) => GOOD_CREATIVES.has(c.status ?? '')), ...creationRows.filter((c) => !GOOD_CREATIVES.has(c.status ?? ''))].slice(
    0,
    6,
  );
  const shownAds = adRows
    .filter((ad) => SHOWN_ADS.includes(ad.status))
    .sort((a, b) => SHOWN_ADS.indexOf(a.status) - SHOWN_ADS.indexOf(b.status))
    .slice(0, 3);
  const livePages = pageRows.filter((page) => page.published).slice(0, 3);
  const sections: Section[] = [newSection('hero', 'hero', locale), newSection('intro', 'intro', locale)];
  if (best.length > 0) {
    const section = newSection('creatives', 'creatives', locale);
    section.props.items = best.map((c) => ({ creationId: c.id, caption: c.name }));
    sections.push(section);
  }
  if (shownAds.length > 0) {
    const section = newSection('adPreviews', 'ads', locale);
    section.props.items = shownAds.map((ad) => ({ adId: ad.id }));
    sections.push(section);
  }
  if (livePages.length > 0) {
    const section = newSection('funnelPages', 'pages', locale);
    section.props.items = livePages.map((page) => ({ pageId: page.id, caption: '', screenshot: null }));
    sections.push(section);
  }
  sections.push({ id: 'pricing', type: 'pricing', props: structuredClone(BLOCK_SAMPLES[locale].pricing) }, newSection('cta', 'cta', locale));
  doc.sections = sections;
  doc.intro = words.intro(customerName, project.name);
  return doc;
}
