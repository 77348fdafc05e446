import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type * as schema from '#worker/db/schema.ts';

type Schema = typeof schema;
/** The SQL names of the schema's tables. */
type TableName = { [K in keyof Schema]: Schema[K] extends SQLiteTable ? Schema[K]['_']['name'] : never }[keyof Schema];

export const TABLE_OWNERS = {
  users: 'auth',
  sessions: 'auth',
  password_reset_tokens: 'auth',
  rate_limits: 'lib/rate-limit',
  email_outbox: 'lib/mailer',
  contact_messages: 'contact',
  credit_balances: 'credits',
  credit_ledger: 'credits',
  audit_log: 'lib/audit',
  projects: 'projects',
  project_members: 'projects',
  project_invites: 'projects',
  media: 'media',
  subscriptions: 'billing/core',
  payments: 'billing/core',
  processed_webhook_events: 'billing/core',
  affiliate_clicks: 'affiliate',
  referrals: 'affiliate',
  payouts: 'affiliate',
  commissions: 'affiliate',
  creatives: 'creatives',
  brand_fonts: 'creatives/fonts',
  creative_revisions: 'creatives',
  creations: 'creatives',
  playground_downloads: 'creatives/playground',
  ads: 'ads/core',
  ad_items: 'ads/core',
  ad_reviews: 'ads/core',
  instagram_accounts: 'instagram/connection',
  oauth_states: 'instagram/connection',
  scheduled_posts: 'instagram/publish',
  data_deletion_requests: 'instagram/connection',
  instagram_sandbox_media: 'instagram/publish',
  funnels: 'funnels',
  funnel_pages: 'funnels',
  funnel_page_versions: 'funnels',
  leads: 'funnels/leads',
  page_stats: 'funnels/analytics',
  page_visitors: 'funnels/analytics',
  page_sources: 'funnels/analytics',
  analytics_salts: 'funnels/analytics',
  presentations: 'presentations/workspace',
  presentation_stats: 'presentations/public',
  presentation_section_stats: 'presentations/public',
  presentation_visitors: 'presentations/public',
  presentation_views: 'presentations/public',
} as const satisfies Record<TableName, string>;

export const READS_EVERY_TABLE = {
  'worker/features/account/export/repo.ts': 'x',
  'worker/features/account/core/repo.ts': 'x',
  'worker/features/system/storage-audit/repo.ts': 'x',
} as const;
