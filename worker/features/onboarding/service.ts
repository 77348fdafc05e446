import type { Locale } from '#common/i18n/locales.ts';
import type { BrandKit, ProjectDetail } from '#common/schemas/projects.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import type { Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { createCreative } from '#worker/features/creatives/core/service.ts';
import { createFunnel, funnelForMember } from '#worker/features/funnels/core/service.ts';
import { createPage } from '#worker/features/funnels/pages/service.ts';
import { createProject, updateProject } from '#worker/features/projects/core/service.ts';
import { membershipOf } from '#worker/features/projects/scope/service.ts';

/**
 * "Start with a sample project" (issue 27): for someone without a customer yet, a project
 * that already has what the first hour is about — a brand kit, two creatives in it, a funnel
 * with a draft page — made through each feature's own service, so that it obeys the same
 * rules (the plan's project limit, the funnel limits) as if the user had made it by hand.
 */
const SAMPLE_BRAND: Omit<BrandKit, 'tone'> = {
  logoMediaId: null,
  colors: ['#3b2416', '#c8553d', '#f4e9dc', '#2f5d50'],
  headingFont: 'playfair-display',
  bodyFont: 'inter',
};

/**
 * The sample in each language (issue 28): the user's own (`users.locale`), for a project whose
 * content — names, the brand's tone, the ads' words, the funnel's page — is in that language.
 */
export const SAMPLE_PROJECTS = {
  en: {
    name: 'Sample: Northwind Coffee',
    description: 'A sample customer to try Adloom on. Change anything, or delete the project when you are done.',
    brandKit: {
      ...SAMPLE_BRAND,
      tone: 'Warm and neighbourly: short sentences, real coffee words, no hype. We talk to regulars, not to “customers”.',
    } satisfies BrandKit,
    // The customer's own words, not the templates' placeholders: the sample shows what a real project looks like.
    creatives: [
      {
        template: 'bold-headline',
        format: 'square',
        copy: { headline: 'Spring blend, roasted this week', body: 'Fresh from our roastery on Mill Street. Your first cup is on us.', cta: 'Find us' },
      },
      {
        template: 'minimal-serif',
        format: 'story',
        copy: { headline: 'Slow mornings, good coffee', body: 'Small batches, roasted by hand, ready when you are.', cta: 'Visit the café' },
      },
    ],
    funnel: { title: 'Northwind spring offer', page: { title: 'Spring offer', slug: 'offer' } },
  },
  de: {
    name: 'Beispiel: Northwind Coffee',
    description: 'Ein Beispielkunde zum Ausprobieren von Adloom. Ändern Sie, was Sie möchten, oder löschen Sie das Projekt, wenn Sie fertig sind.',
    brandKit: {
      ...SAMPLE_BRAND,
      tone: 'Herzlich und nahbar: kurze Sätze, echte Kaffeesprache, keine Übertreibung. Wir sprechen mit Stammgästen, nicht mit „Kunden“.',
    } satisfies BrandKit,
    creatives: [
      {
        template: 'bold-headline',
        format: 'square',
        copy: {
          headline: 'Frühlingsmischung, frisch geröstet',
          body: 'Direkt aus unserer Rösterei in der Mühlenstraße. Die erste Tasse geht auf uns.',
          cta: 'Besuchen Sie uns',
        },
      },
      {
        template: 'minimal-serif',
        format: 'story',
        copy: { headline: 'Ruhige Morgen, guter Kaffee', body: 'Kleine Mengen, von Hand geröstet, für Sie bereit.', cta: 'Zum Café' },
      },
    ],
    funnel: { title: 'Northwind Frühlingsangebot', page: { title: 'Frühlingsangebot', slug: 'angebot' } },
  },
} as const satisfies Record<Locale, unknown>;

/** The English sample (the one the tests name). */
export const SAMPLE_PROJECT = SAMPLE_PROJECTS.en;

export async function createSampleProject(db: Db, user: SessionUser, origin: string, hosts: readonly string[]): Promise<ProjectDetail> {
  const sample = SAMPLE_PROJECTS[user.locale];
  const project = await createProject(db, user, { name: sample.name, description: sample.description });
  const created = await membershipOf(db, project.id, user.id);
  if (!created) throw new Error('The sample project was not created.');
  // The project speaks the user's language: its funnel and pages take it, and the templates' own lines are written in it.
  const detail = await updateProject(db, created, user.id, { brandKit: sample.brandKit, locale: user.locale });
  // The creatives and the funnel take the brand kit and language just saved (no need to read the membership again).
  const membership = { ...created, project: { ...created.project, brandKit: detail.brandKit, locale: detail.locale } };
  for (const { template, format, copy } of sample.creatives)
    await createCreative(db, membership, user, {
      template,
      format,
      document: buildTemplate(template, { brand: detail.brandKit, format, copy, locale: detail.locale }),
    });
  // A funnel's name is its public address, unique across Adloom.
  const funnel = await createFunnel(db, membership, user, { name: `northwind-${crypto.randomUUID().slice(0, 8)}`, title: sample.funnel.title }, origin, hosts);
  const row = await funnelForMember(db, funnel.id, user.id);
  if (row) await createPage(db, row.resource, membership.project, membership.role, sample.funnel.page, origin);
  return detail;
}
