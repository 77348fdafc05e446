import type { ApiScope } from '#common/schemas/api-keys.ts';
import type { Locale } from '#common/i18n/locales.ts';
import * as z from 'zod/mini';
import type { Db } from '#worker/db/client.ts';
import type { ads, creations, creatives, funnels, media } from '#worker/db/schema.ts';
import type { AccessResolvers, FunnelPageWithFunnel, Membership } from '#worker/middleware/access.ts';
import type { Renderer } from '#worker/renderer/index.ts';

/** A binding object (D1, R2, the assets fetcher, Workers AI) that the runtime hands over. */
const binding = <T>(name: string) =>
  z.custom<T>((value) => typeof value === 'object' && value !== null, `${name} is not bound: check wrangler.toml (or the test configuration).`);

/** An optional secret: unset, or empty in .dev.vars, means the feature behind it is off. */
const optional = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value ? value : undefined)),
);

const base64Key = z.string('TOKEN_ENCRYPTION_KEY is missing: set 32 random bytes in base64 (openssl rand -base64 32).').check(
  z.refine((value) => {
    try {
      return atob(value).length === 32;
    } catch {
      return false;
    }
  }, 'TOKEN_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32).'),
);

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The entries of a comma-separated host list, trimmed, lower case, without a trailing dot; empty entries dropped. */
function hostEntries(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
    .filter((entry) => entry !== '');
}

/** APP_HOSTS: optional, and when set only plain host names (no scheme, port or path). */
const hostList = z.optional(
  z
    .string()
    .check(
      z.refine(
        (value) => hostEntries(value).every((host) => HOST_NAME.test(host)),
        'APP_HOSTS must be host names separated by commas, like adloom.app,www.adloom.app (no https://, port or path).',
      ),
    ),
);

const shape = {
  DB: binding<D1Database>('DB'),
  MEDIA: binding<R2Bucket>('MEDIA'),
  ASSETS: binding<Fetcher>('ASSETS'),
  /** The renderer Worker (wrangler.renderer.toml), through Workers RPC: every PNG is drawn there. */
  RENDERER: binding<Service<typeof Renderer>>('RENDERER'),
  /** Workers AI (optional): headline variants for generated variations come from it when bound. */
  AI: z.optional(binding<Ai>('AI')),
  /** Queues (worker/queues): webhook deliveries, visitors' writes kept while D1 refused them, bulk renders. */
  WEBHOOKS: binding<Queue<unknown>>('WEBHOOKS'),
  WRITES: binding<Queue<unknown>>('WRITES'),
  BATCHES: binding<Queue<unknown>>('BATCHES'),
  SESSION_SECRET: z
    .string('SESSION_SECRET is missing: set 32+ random characters (openssl rand -base64 32).')
    .check(z.minLength(32, 'SESSION_SECRET must be at least 32 characters (openssl rand -base64 32).')),
  TOKEN_ENCRYPTION_KEY: base64Key,
  SENTRY_DSN: optional,
  RESEND_API_KEY: optional,
  MAIL_FROM: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  INSTAGRAM_APP_ID: optional,
  INSTAGRAM_APP_SECRET: optional,
  /** The photo source (worker/features/photos): Unsplash when set, else Pexels when set, else the bundled CC0 set. */
  UNSPLASH_ACCESS_KEY: optional,
  PEXELS_API_KEY: optional,
  /** The database epoch D1 bookmark cookies are signed for ("1" when unset): bumped after a Time Travel restore (worker/lib/d1-session.ts). */
  D1_BOOKMARK_EPOCH: optional,
  OPERATOR_NAME: z.string('OPERATOR_NAME is missing (wrangler.toml [vars]).'),
  OPERATOR_ADDRESS: z.string('OPERATOR_ADDRESS is missing (wrangler.toml [vars]).'),
  OPERATOR_EMAIL: z.string('OPERATOR_EMAIL is missing (wrangler.toml [vars]).'),
  OPERATOR_REPRESENTATIVE: z.string('OPERATOR_REPRESENTATIVE is missing (wrangler.toml [vars]; empty when there is none).'),
  OPERATOR_PHONE: z.string('OPERATOR_PHONE is missing (wrangler.toml [vars]; empty when there is none).'),
  OPERATOR_REGISTER: z.string('OPERATOR_REGISTER is missing (wrangler.toml [vars]; empty when there is none).'),
  OPERATOR_VAT_ID: z.string('OPERATOR_VAT_ID is missing (wrangler.toml [vars]; empty when there is none).'),
  OPERATOR_CONTENT_RESPONSIBLE: z.string('OPERATOR_CONTENT_RESPONSIBLE is missing (wrangler.toml [vars]).'),
  /** The host names the app itself is served on (comma-separated, optional): see `appHosts`. */
  APP_HOSTS: hostList,
  // Every name that wrangler.toml and .dev.vars.example declare (worker/bindings.d.ts, from `npm run types`) is checked here.
} satisfies Record<keyof WranglerBindings, unknown> & { AI: unknown };

/**
 * The worker's configuration, checked once per environment at the entry (worker/index.ts)
 * before any request is served: the bindings of wrangler.toml, the secrets of .dev.vars
 * (locally) or `wrangler secret put` (production), the plain vars. README → Configuration
 * says what each one does and what happens without it. Unknown keys pass through (the
 * tests' own bindings).
 */
const envSchema = z.looseObject(shape);

/** The checked configuration every handler sees (`c.env`). */
export type Bindings = z.output<typeof envSchema>;

const checked = new WeakMap<object, { env: Bindings } | { problems: string[] }>();

/**
 * The environment as `Bindings`, or the list of what is wrong with it (names and rules,
 * never values). Checked once per environment object: workerd hands the same one to every
 * request of an isolate.
 */
export function checkEnv(raw: object): { env: Bindings } | { problems: string[] } {
  let result = checked.get(raw);
  if (!result) {
    const parsed = z.safeParse(envSchema, raw);
    result = parsed.success ? { env: parsed.data as Bindings } : { problems: parsed.error.issues.map((issue) => issue.message) };
    checked.set(raw, result);
  }
  return result;
}

/**
 * The host names the app itself is served on (APP_HOSTS, wrangler.toml [vars]): no funnel
 * may take one of them (or a subdomain or parent of one) as its custom domain, and the
 * custom-domain middleware never serves a funnel on them. Empty without the setting.
 */
export function appHosts(env: Pick<Bindings, 'APP_HOSTS'>): string[] {
  return env.APP_HOSTS ? hostEntries(env.APP_HOSTS) : [];
}

/**
 * The origin the public site is linked as (canonical links, social cards, the sitemap): the
 * first APP_HOSTS host over https, else the request's own origin (local development, tests).
 */
export function publicOrigin(env: Pick<Bindings, 'APP_HOSTS'>, requestUrl: string): string {
  const [host] = appHosts(env);
  return host ? `https://${host}` : new URL(requestUrl).origin;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  plan: 'free' | 'pro' | 'agency';
  createdAt: Date;
  /** The workspace's and the emails' language (issue 28). */
  locale: Locale;
  /** The zone the user reads times in (issue 28); null until known. */
  timeZone: string | null;
}

/** Per-request values, set by middleware. */
export interface Variables {
  requestId: string;
  db: Db;
  /** CSP nonce for server-rendered HTML. */
  nonce: string;
  user: SessionUser | null;
  sessionId: string | null;
  /** How access rules find sessions and project resources (the features' lookups, from app.ts). */
  access: AccessResolvers;
  /** Set by access({ project | media | creative | creation | ad | funnel | page }): the project and the user's role in it. */
  membership: Membership | undefined;
  /** Set by access({ media }): the media object the route is about. */
  media: typeof media.$inferSelect | undefined;
  /** Set by access({ creative }) / access({ creation }). */
  creative: typeof creatives.$inferSelect | undefined;
  creation: typeof creations.$inferSelect | undefined;
  /** Set by access({ ad }). */
  ad: typeof ads.$inferSelect | undefined;
  /** Set by access({ funnel }). */
  funnel: typeof funnels.$inferSelect | undefined;
  /** Set by access({ page }): the funnel page and its funnel. */
  page: FunnelPageWithFunnel | undefined;
  /** Set by the public API's bearer rule (`{ apiKey: scope }`, /api/v1): the key's project and scopes. */
  apiCaller: { keyId: string; projectId: string; scopes: ApiScope[] } | undefined;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
