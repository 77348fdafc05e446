import { env } from 'cloudflare:test';
import { desc, eq } from 'drizzle-orm';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { Block, PageDocument } from '#common/schemas/blocks.ts';
import { getDb } from '#worker/db/client.ts';
import { funnelPageVersions, funnelPages, funnels } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';

/**
 * Published funnels written straight into D1 for the edge's tests (worker/features/funnels/edge/edge.test.ts, leads/edge-leads.test.ts, analytics/edge-analytics.test.ts):
 * the edge reads what publish leaves behind (a page with its live version), whatever API wrote it.
 */

let counter = 0;

export function uniqueFunnelName(prefix = 'edge'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export const heroBlock = (heading: string, id = 'hero'): Block => ({ id, type: 'hero', props: { ...blockSamples.hero, heading, image: null } });

export const textBlock = (markdown: string, id = 'text'): Block => ({ id, type: 'text', props: { markdown, align: 'left' } });

export const formBlock = (id = 'signup'): Block => ({
  id,
  type: 'form',
  props: {
    title: 'Get the guide',
    intro: '',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'plan', label: 'Plan', type: 'select', required: false, options: ['Taster', 'Weekly'] },
      { name: 'consent', label: 'Consent', type: 'checkbox', required: true, consentText: 'I agree to be contacted.' },
    ],
    submitLabel: 'Send it to me',
    successMessage: 'Thanks! The guide is on its way.',
  },
});

export function pageDoc(blocks: Block[], seo: Partial<PageDocument['seo']> = {}): PageDocument {
  return { blocks, seo: { title: 'Spring offer', description: 'Fresh coffee for spring.', image: null, ...seo } };
}

export interface PageSpec {
  slug: string;
  title?: string;
  a: PageDocument;
  b?: PageDocument | null;
  splitB?: number;
  /** false: a draft only (never published). */
  published?: boolean;
}

export interface SeededFunnel {
  id: string;
  name: string;
  customDomain: string | null;
  pages: { id: string; slug: string; versionId: string | null }[];
}

/** A funnel of `projectId` with its pages in order, each published unless `published: false`. */
export async function seedFunnel(
  projectId: string,
  options: { name?: string; customDomain?: string | null; notifyLeads?: boolean; theme?: unknown; locale?: 'en' | 'de'; pages: PageSpec[] },
): Promise<SeededFunnel> {
  const db = getDb(env.DB);
  const now = new Date();
  const funnel = {
    id: newId(),
    projectId,
    name: options.name ?? uniqueFunnelName(),
    title: 'Spring campaign',
    theme: options.theme ?? DEFAULT_THEME,
    customDomain: options.customDomain ?? null,
    notifyLeads: options.notifyLeads ?? false,
    locale: options.locale ?? 'en',
    createdAt: now,
    updatedAt: now,
  };
  await db.insert(funnels).values(funnel);
  const pages: SeededFunnel['pages'] = [];
  for (const [position, spec] of options.pages.entries()) {
    const id = newId();
    const versionId = spec.published === false ? null : newId();
    const b = spec.b ?? null;
    const splitB = spec.splitB ?? (b ? 50 : 0);
    await db.insert(funnelPages).values({
      id,
      funnelId: funnel.id,
      projectId,
      slug: spec.slug,
      position,
      title: spec.title ?? spec.slug,
      draft: spec.a,
      draftB: b,
      splitB,
      revision: 1,
      publishedVersionId: versionId,
      publishedRevision: versionId ? 1 : null,
      publishedAt: versionId ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    if (versionId) {
      await db.insert(funnelPageVersions).values({
        id: versionId,
        pageId: id,
        number: 1,
        title: spec.title ?? spec.slug,
        slug: spec.slug,
        document: { a: spec.a, b, splitB },
        createdAt: now,
      });
    }
    pages.push({ id, slug: spec.slug, versionId });
  }
  return { id: funnel.id, name: funnel.name, customDomain: funnel.customDomain, pages };
}

/**
 * What publishing does to the database, without the workspace's API: a new version of the
 * page (the next number) with `document`, made its live one. No cached copy is purged.
 */
export async function publishVersion(pageId: string, document: { a: PageDocument; b?: PageDocument | null; splitB?: number }): Promise<string> {
  const db = getDb(env.DB);
  const [last] = await db
    .select({ number: funnelPageVersions.number, title: funnelPageVersions.title, slug: funnelPageVersions.slug })
    .from(funnelPageVersions)
    .where(eq(funnelPageVersions.pageId, pageId))
    .orderBy(desc(funnelPageVersions.number))
    .limit(1);
  if (!last) throw new Error(`publishVersion: page ${pageId} was never published`);
  const id = newId();
  await db.insert(funnelPageVersions).values({
    id,
    pageId,
    number: last.number + 1,
    title: last.title,
    slug: last.slug,
    document: { a: document.a, b: document.b ?? null, splitB: document.splitB ?? 0 },
    createdAt: new Date(),
  });
  await db.update(funnelPages).set({ publishedVersionId: id }).where(eq(funnelPages.id, pageId));
  return id;
}
