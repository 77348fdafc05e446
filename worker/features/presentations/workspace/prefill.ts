import { themeFromBrandKit } from '#common/schemas/blocks-theme.ts';
import { newSection, sectionSamples, starterDocument, type PresentationDocument, type Section } from '#common/schemas/presentations.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import type { Db } from '#worker/db/client.ts';
import { projectAds } from '#worker/features/ads/core/service.ts';
import { projectCreations } from '#worker/features/creatives/core/service.ts';
import { projectPages } from '#worker/features/funnels/pages/service.ts';
import { projectImages } from '#worker/features/media/service.ts';

const GOOD_CREATIVES = new Set(['approved']);
const SHOWN_ADS = ['published', 'scheduled', 'approved', 'in_review'];

/** A document for the project's customer: its brand, its best creatives (approved first), ads and published pages. */
export async function prefilledDocument(
  db: Db,
  customerName: string,
  project: { id: string; name: string; brandKit: BrandKit },
): Promise<PresentationDocument> {
  const theme = themeFromBrandKit(project.brandKit);
  const doc = starterDocument(customerName, theme);
  const [creationRows, adRows, pageRows, logo] = await Promise.all([
    projectCreations(db, project.id, null, 30),
    projectAds(db, project.id, null, 30),
    projectPages(db, project.id, null, 10),
    project.brandKit.logoMediaId ? projectImages(db, project.id, [project.brandKit.logoMediaId]) : Promise.resolve([]),
  ]);
  if (logo[0]) doc.logo = { mediaId: logo[0].id, alt: `${customerName} logo` };
  const best = [...creationRows.filter((c) => GOOD_CREATIVES.has(c.status ?? '')), ...creationRows.filter((c) => !GOOD_CREATIVES.has(c.status ?? ''))].slice(
    0,
    6,
  );
  const shownAds = adRows
    .filter((ad) => SHOWN_ADS.includes(ad.status))
    .sort((a, b) => SHOWN_ADS.indexOf(a.status) - SHOWN_ADS.indexOf(b.status))
    .slice(0, 3);
  const livePages = pageRows.filter((page) => page.published).slice(0, 3);
  const sections: Section[] = [newSection('hero', 'hero'), newSection('intro', 'intro')];
  if (best.length > 0) {
    const section = newSection('creatives', 'creatives');
    section.props.items = best.map((c) => ({ creationId: c.id, caption: c.name }));
    sections.push(section);
  }
  if (shownAds.length > 0) {
    const section = newSection('adPreviews', 'ads');
    section.props.items = shownAds.map((ad) => ({ adId: ad.id }));
    sections.push(section);
  }
  if (livePages.length > 0) {
    const section = newSection('funnelPages', 'pages');
    section.props.items = livePages.map((page) => ({ pageId: page.id, caption: '', screenshot: null }));
    sections.push(section);
  }
  sections.push({ id: 'pricing', type: 'pricing', props: structuredClone(sectionSamples.pricing) }, newSection('cta', 'cta'));
  doc.sections = sections;
  doc.intro = `Dear ${customerName} team,\n\nwe put together what we would do for ${project.name} this season: the creatives, the ads as your customers would see them, and the pages they lead to.`;
  return doc;
}
