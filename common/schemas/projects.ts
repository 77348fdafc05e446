import * as z from 'zod/mini';
import { FONT_IDS, type FontId } from '#common/fonts.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { emailField, idField, localeField, pageQuery, text } from '#common/schemas/fields.ts';

export const MAX_BRAND_COLORS = 8;

export type ProjectRole = 'owner' | 'editor' | 'viewer';
export const ROLE_RANK: Record<ProjectRole, number> = { viewer: 1, editor: 2, owner: 3 };

export interface BrandKit {
  logoMediaId: string | null;
  colors: string[];
  headingFont: FontId;
  bodyFont: FontId;
  tone: string;
  /** The brand guard blocks renders until every colour and font is the kit's (issue 29 §7); absent: it only warns. Its owner's to set. */
  strict?: boolean;
}

export const DEFAULT_BRAND_KIT: BrandKit = { logoMediaId: null, colors: [], headingFont: 'inter', bodyFont: 'inter', tone: '' };

const hexColor = text().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C.'), z.toLowerCase());

export const brandKitInput = z.object({
  logoMediaId: z.nullable(idField('Pick the logo from the media library.')),
  colors: z.array(hexColor).check(z.maxLength(MAX_BRAND_COLORS, `Use at most ${MAX_BRAND_COLORS} colours.`)),
  headingFont: z.enum(FONT_IDS, 'Pick a font from the list.'),
  bodyFont: z.enum(FONT_IDS, 'Pick a font from the list.'),
  tone: text().check(z.trim(), z.maxLength(500, 'Use at most 500 characters.')),
});

const projectName = text('Give the project a name.').check(z.trim(), z.minLength(1, 'Give the project a name.'), z.maxLength(80, 'Use at most 80 characters.'));
const description = text().check(z.trim(), z.maxLength(1000, 'Use at most 1,000 characters.'));
const webAddress = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'Enter a web address like https://example.com.' })
  .check(z.maxLength(300, 'That address is too long.'));
/** `scheme:` at the start (not `host:8080`): such an address keeps its scheme, and the check after it decides. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
/** A typed address with `https://` put before a bare domain (acmesurf.example, www.acmesurf.example/shop); the website field and the brand-kit reader's. */
export const withHttps = (value: string) => (value === '' || SCHEME.test(value) ? value : `https://${value.replace(/^\/+/, '')}`);
/** A web address; a bare domain gets `https://`. */
const website = z.pipe(text().check(z.trim(), z.overwrite(withHttps)), z.union([z.literal(''), webAddress]));

export const projectCreateInput = z.object({
  name: projectName,
  description: z.optional(description),
  website: z.optional(website),
});
export type ProjectCreateInput = z.infer<typeof projectCreateInput>;

export const projectUpdateInput = z.object({
  name: z.optional(projectName),
  description: z.optional(description),
  website: z.optional(website),
  archived: z.optional(z.boolean()),
  brandKit: z.optional(brandKitInput),
  /** The customer's language (issue 28 §2): previews of the project's ads speak it. The owner's to set. */
  locale: z.optional(localeField),
  /** The brand guard blocks renders until fixed (issue 29 §7). The owner's to set. */
  brandGuardStrict: z.optional(z.boolean('Say whether the brand guard is strict.')),
});
export type ProjectUpdateInput = z.infer<typeof projectUpdateInput>;

export const projectListQuery = z.extend(pageQuery, {
  archived: z.optional(z.enum(['0', '1'])),
});

export const inviteInput = z.object({
  email: emailField,
  role: z.enum(['editor', 'viewer'], 'Pick a role: editor or viewer.'),
});

export const memberRoleInput = z.object({
  role: z.enum(['owner', 'editor', 'viewer'], 'Pick a role.'),
});

export interface ProjectSummary {
  id: string;
  name: string;
  description: string;
  website: string | null;
  role: ProjectRole;
  archived: boolean;
  brandKit: BrandKit;
  /** The brand-kit logo's preview, when there is one. */
  logoUrl: string | null;
  counts: { media: number; members: number };
  createdAt: string;
  updatedAt: string;
  /** The customer's language (every list has it; optional for older fixtures): what the templates write in. */
  locale?: Locale;
}

export interface ProjectDetail extends ProjectSummary {
  storage: { usedBytes: number; limitBytes: number };
  /** The customer's language: the language of the project's ad previews. */
  locale: Locale;
}

export interface MemberInfo {
  userId: string;
  name: string;
  email: string;
  role: ProjectRole;
  joinedAt: string;
}

export interface InviteInfo {
  id: string;
  email: string;
  role: 'editor' | 'viewer';
  expiresAt: string;
  createdAt: string;
}
