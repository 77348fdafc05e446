import type { Locale } from '#common/i18n/locales.ts';
import * as z from 'zod/mini';
import type { AbResult } from '#common/ab-stats.ts';
import type { LeadData } from '#common/schemas/blocks-leads.ts';
import { funnelThemeSchema, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import { pageDocumentSchema, type PageDocument } from '#common/schemas/blocks.ts';
import { idField, localeField, pageQuery, text } from '#common/schemas/fields.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { FUNNEL_TEMPLATE_IDS, PAGE_TEMPLATE_IDS } from '#common/templates/pages/ids.ts';

export type { AbResult } from '#common/ab-stats.ts';

/** A funnel's public name: `/p/{name}/…` (3–48 of a–z, 0–9 and inner hyphens). */
export const FUNNEL_NAME_RE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const FUNNEL_NAME_MIN = 3;
export const FUNNEL_NAME_MAX = 48;

/** Names a funnel cannot take: the app's own paths, and words that would mislead visitors. */
export const RESERVED_FUNNEL_NAMES: ReadonlySet<string> = new Set([
  'api',
  'admin',
  'p',
  'www',
  'app',
  'assets',
  'static',
  'fonts',
  'login',
  'logout',
  'signup',
  'dashboard',
  'pages',
  'funnels',
  'preview',
  'presents',
  'billing',
  'account',
  'monitoring',
  'callback',
  'instagram',
  'redirect',
  'error',
  'test',
  'playground',
  'pricing',
  'about',
  'contact',
  'imprint',
  'privacy',
  'terms',
  '_components',
  'media',
  'creatives',
  'creations',
  'projects',
  'health',
  'cdn',
  'mail',
  'help',
  'support',
  'docs',
  'blog',
  'status',
]);

/** A page's address inside its funnel: `/p/{funnel}/{slug}`, or `/{slug}` on the funnel's custom domain. */
export const PAGE_SLUG_RE = /^[a-z0-9-]{1,60}$/;
export const PAGE_SLUG_MAX = 60;
/** Slugs that would hide the paths a custom domain passes through to the app (fonts, assets, signed media). */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set(['api', 'assets', 'fonts', 'p', 'media', 'static', 'cdn']);

export const FUNNEL_LIMITS = {
  title: 120,
  pageTitle: 120,
  /** Pages per funnel (a conditional insert keeps it). */
  pagesPerFunnel: 30,
  /** Funnels per project. */
  funnelsPerProject: 50,
  domain: 253,
  leadQuery: 100,
  /**
   * A page document (variant A or B) as stored JSON, in UTF-8 bytes: a draft with A and B,
   * and a version with both, stay far below D1's 2 MB per row.
   */
  documentBytes: 256 * 1024,
} as const;

/** Why a funnel name is refused, or null when it is fine (the same words for the form and the API). */
export function funnelNameProblem(name: string): string | null {
  if (name.length < FUNNEL_NAME_MIN) return `Use at least ${FUNNEL_NAME_MIN} characters.`;
  if (name.length > FUNNEL_NAME_MAX) return `Use at most ${FUNNEL_NAME_MAX} characters.`;
  if (!FUNNEL_NAME_RE.test(name)) return 'Use lower-case letters, digits and hyphens, starting and ending with a letter or digit.';
  if (RESERVED_FUNNEL_NAMES.has(name)) return 'This name is reserved. Pick another one.';
  return null;
}

/** Why a page slug is refused, or null. */
export function pageSlugProblem(slug: string): string | null {
  if (slug.length === 0) return 'Give the page an address.';
  if (slug.length > PAGE_SLUG_MAX) return `Use at most ${PAGE_SLUG_MAX} characters.`;
  if (!PAGE_SLUG_RE.test(slug)) return 'Use lower-case letters, digits and hyphens.';
  if (RESERVED_PAGE_SLUGS.has(slug)) return 'This address is reserved. Pick another one.';
  return null;
}

/** A name suggestion from a title: "Spring Sale 2026!" → "spring-sale-2026". */
export function slugify(value: string, max = FUNNEL_NAME_MAX): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

const nameField = text('Give the funnel a name.').check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(FUNNEL_NAME_MAX, `Use at most ${FUNNEL_NAME_MAX} characters.`),
  z.superRefine((value, ctx) => {
    const problem = funnelNameProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

const titleField = (max: number, message: string) => text(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use at most ${max} characters.`));

const DOMAIN_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_RE = new RegExp(`^(?:${DOMAIN_LABEL}\\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`);

/** A hostname like `offers.example.com`, lower-cased; a pasted `https://…/` around it is taken off. */
export const customDomainField = text('Enter a domain like offers.example.com.').check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(FUNNEL_LIMITS.domain, 'That domain is too long.'),
  z.overwrite((value) =>
    value
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '')
      .replace(/\.$/, ''),
  ),
  z.regex(DOMAIN_RE, 'Enter a domain like offers.example.com (no path, no port).'),
);

const TEMPLATE_MESSAGE = 'Pick a template from the list.';

/** POST /api/projects/{projectId}/funnels */
export const funnelCreateInput = z.object({
  name: nameField,
  title: titleField(FUNNEL_LIMITS.title, 'Give the funnel a title.'),
  /** Defaults to the project's brand kit. */
  theme: z.optional(funnelThemeSchema),
  customDomain: z.optional(z.nullable(customDomainField)),
  /** The language of its pages' own words; defaults to the project's (the customer's) language. */
  locale: z.optional(localeField),
  /** A two-page funnel template (common/templates/pages): the funnel starts with its pages; absent, with none. */
  template: z.optional(z.enum(FUNNEL_TEMPLATE_IDS, TEMPLATE_MESSAGE)),
});
export type FunnelCreateInput = z.infer<typeof funnelCreateInput>;

/** PATCH /api/funnels/{id}: `customDomain: null` removes the domain. */
export const funnelUpdateInput = z.object({
  title: z.optional(titleField(FUNNEL_LIMITS.title, 'Give the funnel a title.')),
  theme: z.optional(funnelThemeSchema),
  customDomain: z.optional(z.nullable(customDomainField)),
  notifyLeads: z.optional(z.boolean('Use true or false.')),
  locale: z.optional(localeField),
});
export type FunnelUpdateInput = z.infer<typeof funnelUpdateInput>;

const slugField = text('Give the page an address.').check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(PAGE_SLUG_MAX, `Use at most ${PAGE_SLUG_MAX} characters.`),
  z.superRefine((value, ctx) => {
    const problem = pageSlugProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** POST /api/funnels/{id}/pages */
export const pageCreateInput = z.object({
  title: titleField(FUNNEL_LIMITS.pageTitle, 'Give the page a title.'),
  slug: slugField,
  /** A page template (common/templates/pages) in the funnel's language and the project's brand; absent, the starter page. */
  template: z.optional(z.enum(PAGE_TEMPLATE_IDS, TEMPLATE_MESSAGE)),
});
export type PageCreateInput = z.infer<typeof pageCreateInput>;

const revisionField = z.number('Send the revision the page was loaded at.').check(z.int(), z.minimum(1), z.maximum(2 ** 31));

/**
 * PATCH /api/pages/{id}: on top of `baseRevision` (else 409). `documentB: null` removes
 * variant B; creating B without `splitB` splits 50/50.
 */
export const pageUpdateInput = z.object({
  baseRevision: revisionField,
  title: z.optional(titleField(FUNNEL_LIMITS.pageTitle, 'Give the page a title.')),
  slug: z.optional(slugField),
  document: z.optional(pageDocumentSchema),
  documentB: z.optional(z.nullable(pageDocumentSchema)),
  splitB: z.optional(z.number('Use a percentage from 0 to 100.').check(z.int('Use a whole percentage.'), z.minimum(0), z.maximum(100))),
});
export type PageUpdateInput = z.infer<typeof pageUpdateInput>;

/**
 * The warnings of the checks before publishing (common/schemas/page-checks.ts) that the person
 * saw and accepted, by key: a warning not named refuses the publish (422 `page_checks_failed`),
 * so that one found since (a new rule, a linked page unpublished meanwhile) is not accepted blindly.
 */
const MAX_ACCEPTED_WARNINGS = 400;
const acceptWarnings = z.optional(
  z
    .array(text('Name each accepted warning by its key.').check(z.maxLength(200, 'Name each accepted warning by its key.')))
    .check(z.maxLength(MAX_ACCEPTED_WARNINGS, `Accept at most ${MAX_ACCEPTED_WARNINGS} warnings.`)),
);

/** POST /api/pages/{id}/publish */
export const publishPageInput = z.object({ baseRevision: revisionField, acceptWarnings });
export type PublishPageInput = z.infer<typeof publishPageInput>;

/** POST /api/pages/{id}/versions/{versionId}/restore (the body is optional: no body accepts no warning). */
export const restoreVersionInput = z.object({ acceptWarnings });
export type RestoreVersionInput = z.infer<typeof restoreVersionInput>;

/** PUT /api/funnels/{id}/page-order: every live page of the funnel, each once, in the new order. */
export const pageOrderInput = z.object({
  pageIds: z.array(idField()).check(z.minLength(1, 'Send the pages in their new order.'), z.maxLength(FUNNEL_LIMITS.pagesPerFunnel)),
});
export type PageOrderInput = z.infer<typeof pageOrderInput>;

/** GET /api/funnels/{id}/leads?q=&cursor=&limit= */
export const leadListQuery = z.extend(pageQuery, {
  q: z.optional(text().check(z.trim(), z.maxLength(FUNNEL_LIMITS.leadQuery, `Search with at most ${FUNNEL_LIMITS.leadQuery} characters.`))),
});
export type LeadListQuery = z.infer<typeof leadListQuery>;

/** GET /api/funnels/{id}/analytics?days=7|30 (7 by default). */
export const analyticsQuery = z.object({
  days: z.optional(
    z.pipe(
      text(),
      z.transform((value, ctx) => {
        if (value === '7' || value === '30') return Number(value) as 7 | 30;
        ctx.issues.push({ code: 'custom', message: 'Use 7 or 30 days.', input: value });
        return z.NEVER;
      }),
    ),
  ),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** GET /api/funnels?projectId= */
export const funnelListQuery = z.object({ projectId: z.optional(idField()) });
/** GET /api/pages?funnelId=&projectId= */
export const pageListQuery = z.object({ funnelId: z.optional(idField()), projectId: z.optional(idField()) });

/* ---------- responses ---------- */

export type PageStatus = 'draft' | 'published' | 'changed';
export type Variant = 'a' | 'b';

export interface DailyCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  views: number;
  leads: number;
}

export interface FunnelSummary {
  id: string;
  projectId: string;
  projectName: string;
  name: string;
  title: string;
  customDomain: string | null;
  pageCount: number;
  publishedCount: number;
  views7d: number;
  leads7d: number;
  /** The last 7 UTC days, oldest first, today last. */
  daily7d: DailyCount[];
  /** `/p/{name}` on the app's origin. */
  url: string;
  createdAt: string;
  updatedAt: string;
}

export interface PageSummary {
  id: string;
  funnelId: string;
  funnelName: string;
  funnelTitle: string;
  projectId: string;
  slug: string;
  title: string;
  position: number;
  status: PageStatus;
  hasVariantB: boolean;
  splitB: number;
  views7d: number;
  leads7d: number;
  /** The last 7 UTC days, oldest first (both variants together). */
  daily7d: DailyCount[];
  publishedAt: string | null;
  /** `/p/{funnel}/{slug}` on the app's origin (live only once published). */
  url: string;
  /** `https://{domain}/{slug}` when the funnel has a custom domain, else null. */
  customUrl: string | null;
  updatedAt: string;
}

export interface FunnelDetail extends FunnelSummary {
  theme: FunnelTheme;
  /** The theme the project's brand kit gives today ("reset from brand kit"). */
  brandTheme: FunnelTheme;
  notifyLeads: boolean;
  /** The language of its pages' own words and `<html lang>` (issue 28). */
  locale: Locale;
  pages: PageSummary[];
  role: ProjectRole;
}

export interface PageDetail extends PageSummary {
  draft: PageDocument;
  draftB: PageDocument | null;
  revision: number;
  publishedRevision: number | null;
  theme: FunnelTheme;
  /** `locale`: the language of the page's own words (the funnel's), which the preview shows. */
  funnel: { id: string; name: string; title: string; customDomain: string | null; locale: Locale };
  versionCount: number;
  role: ProjectRole;
}

/** What a published version holds: both variants and the split at the time. */
export interface VersionDocument {
  a: PageDocument;
  b: PageDocument | null;
  splitB: number;
}

export interface PageVersion {
  id: string;
  number: number;
  title: string;
  slug: string;
  publishedAt: string;
  publishedBy: string | null;
  hasVariantB: boolean;
  /** The version visitors see now. */
  live: boolean;
}

export interface LeadUtm {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
}

export interface Lead {
  id: string;
  pageId: string;
  pageSlug: string;
  pageTitle: string;
  variant: Variant;
  data: LeadData;
  email: string | null;
  utm: LeadUtm;
  referrer: string | null;
  createdAt: string;
}

export interface LeadList {
  items: Lead[];
  nextCursor: string | null;
}

export interface DailyStats {
  day: string;
  views: number;
  visitors: number;
  leads: number;
}

export interface StatTotals {
  views: number;
  visitors: number;
  leads: number;
  /** leads / visitors (0 when there were no visitors). */
  conversion: number;
}

export interface SourceCount {
  value: string;
  count: number;
}

export interface VariantReport {
  variant: Variant;
  series: DailyStats[];
  totals: StatTotals;
  referrers: SourceCount[];
  utmSources: SourceCount[];
}

export interface PageReport {
  pageId: string;
  slug: string;
  title: string;
  position: number;
  totals: StatTotals;
  variants: VariantReport[];
  /** The A/B comparison when the page has (or had, in the period) a variant B. */
  ab: AbResult | null;
}

export interface AnalyticsReport {
  days: 7 | 30;
  /** First and last UTC day of the period. */
  from: string;
  to: string;
  totals: StatTotals;
  /** The funnel's days, all pages and variants together. */
  series: DailyStats[];
  pages: PageReport[];
}
