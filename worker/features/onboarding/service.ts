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
export const SAMPLE_PROJECT = {
  name: 'Sample: Northwind Coffee',
  description: 'A sample customer to try Adloom on. Change anything, or delete the project when you are done.',
  brandKit: {
    logoMediaId: null,
    colors: ['#3b2416', '#c8553d', '#f4e9dc', '#2f5d50'],
    headingFont: 'playfair-display',
    bodyFont: 'inter',
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
} as const;

export async function createSampleProject(db: Db, user: SessionUser, origin: string, hosts: readonly string[]): Promise<ProjectDetail> {
  const project = await createProject(db, user, { name: SAMPLE_PROJECT.name, description: SAMPLE_PROJECT.description });
  const created = await membershipOf(db, project.id, user.id);
  if (!created) throw new Error('The sample project was not created.');
  const detail = await updateProject(db, created, user.id, { brandKit: SAMPLE_PROJECT.brandKit });
  // The creatives and the funnel take the brand kit just saved (no need to read the membership again).
  const membership = { ...created, project: { ...created.project, brandKit: detail.brandKit } };
  for (const { template, format, copy } of SAMPLE_PROJECT.creatives)
    await createCreative(db, membership, user, { template, format, document: buildTemplate(template, { brand: detail.brandKit, format, copy }) });
  // A funnel's name is its public address, unique across Adloom.
  const funnel = await createFunnel(
    db,
    membership,
    user,
    { name: `northwind-${crypto.randomUUID().slice(0, 8)}`, title: SAMPLE_PROJECT.funnel.title },
    origin,
    hosts,
  );
  const row = await funnelForMember(db, funnel.id, user.id);
  if (row) await createPage(db, row.resource, membership.role, SAMPLE_PROJECT.funnel.page, origin);
  return detail;
}
