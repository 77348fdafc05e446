import type { ProjectRole } from '#common/schemas/projects.ts';
import type { Db } from '#worker/db/client.ts';
import type { creations, creatives, media, projects } from '#worker/db/schema.ts';

/** Bindings from wrangler.toml, `.dev.vars` locally and secrets in production. */
export interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  ASSETS: Fetcher;
  SESSION_SECRET: string;
  TOKEN_ENCRYPTION_KEY?: string;
  SENTRY_DSN?: string;
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  INSTAGRAM_APP_ID?: string;
  INSTAGRAM_APP_SECRET?: string;
  /** Workers AI (optional): headline variants for generated variations come from it when bound. */
  AI?: Ai;
  OPERATOR_NAME: string;
  OPERATOR_ADDRESS: string;
  OPERATOR_EMAIL: string;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  plan: 'free' | 'pro' | 'agency';
  createdAt: Date;
}

/** Per-request values, set by middleware. */
export interface Variables {
  requestId: string;
  db: Db;
  /** CSP nonce for server-rendered HTML. */
  nonce: string;
  user: SessionUser | null;
  sessionId: string | null;
  /** Set by access({ project }) / access({ media }): the project and the user's role in it. */
  membership: { project: typeof projects.$inferSelect; role: ProjectRole } | undefined;
  /** Set by access({ media }): the media object the route is about. */
  media: typeof media.$inferSelect | undefined;
  /** Set by access({ creative }) / access({ creation }). */
  creative: typeof creatives.$inferSelect | undefined;
  creation: typeof creations.$inferSelect | undefined;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
