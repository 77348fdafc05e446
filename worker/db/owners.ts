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
  // billing/core records payments; billing/payments hands other features fragments over them (a sub-feature of its own to cut a cycle with affiliate).
  payments: 'billing',
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
  ad_pins: 'ads/pins',
  approval_chains: 'ads/core',
  review_boards: 'ads/board',
  instagram_accounts: 'instagram/connection',
  oauth_states: 'instagram/connection',
  scheduled_posts: 'instagram/publish',
  data_deletion_requests: 'instagram/connection',
  instagram_sandbox_media: 'instagram/publish',
  post_insights: 'instagram/insights',
  insight_pauses: 'instagram/insights',
  funnels: 'funnels',
  funnel_pages: 'funnels',
  funnel_page_versions: 'funnels',
  leads: 'funnels/leads',
  page_stats: 'funnels/analytics',
  page_visitors: 'funnels/analytics',
  page_sources: 'funnels/analytics',
  analytics_salts: 'funnels/analytics',
  presentations: 'presentations/workspace',
  // Counted by the public pages, read by the workspace's figures: both sub-features of presentations.
  presentation_stats: 'presentations',
  presentation_section_stats: 'presentations',
  presentation_visitors: 'presentations/public',
  presentation_views: 'presentations/public',
  // Presentations that talk back (decision 0056): recipients' links, visitors' requests, each visit for the timeline.
  presentation_recipients: 'presentations/talk',
  presentation_requests: 'presentations/talk',
  presentation_visits: 'presentations/talk',
  api_keys: 'api/keys',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
  idempotency_keys: 'api/idempotency',
  batches: 'creatives/batches',
  batch_rows: 'creatives/batches',
  calendar_feeds: 'ads/calendar',
} as const satisfies Record<TableName, string>;

/**
 * The modules that may read (or delete) other features' tables, each with why. Nothing else
 * names a table it does not own: it asks the owner's service.
 */
export const READS_EVERY_TABLE = {
  'worker/features/account/export/repo.ts': "The account export (GDPR access) hands a user every row of theirs, in every feature's tables.",
  'worker/features/account/core/repo.ts': "Account deletion (GDPR erasure) deletes or anonymises a user's rows in every feature's tables, in one batch.",
  'worker/features/admin/figures/repo.ts': "The admin's system figures count everyone's accounts, projects, renders and publishes: no one feature's question.",
  'worker/features/system/storage-audit/repo.ts': "The storage audit compares every table that names an R2 object with the bucket's listing.",
} as const;
