import { LOCALES } from '#common/i18n/locales.ts';
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { BrandKit } from '#common/schemas/projects.ts';
import type { PhotoAttribution } from '#common/schemas/photos.ts';

/**
 * The single source of the schema (PRODUCT.md §3). Migrations in /migrations are
 * generated from this file by drizzle-kit and never edited after landing.
 * Times are stored as integer milliseconds since the epoch.
 */
const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    plan: text('plan', { enum: ['free', 'pro', 'agency'] })
      .notNull()
      .default('free'),
    /** The user's affiliate code (unique, given at sign-up). */
    affiliateCode: text('affiliate_code').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    /** Set by an admin (issue 13): the account cannot sign in and its sessions end at once. */
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    /**
     * The user asked to delete their account (issue 15): signed out at once, purged by the scheduled
     * job 30 days later unless they sign in before (which clears it). Decision 0023.
     */
    deletionRequestedAt: integer('deletion_requested_at', { mode: 'timestamp_ms' }),
    /** The language of the workspace and of the emails sent to the user (issue 28): negotiated at sign-up, changed in the account. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    /**
     * The IANA time zone the user reads and picks times in (issue 28), e.g. 'Europe/Berlin': the
     * browser's at sign-up (or at the first sign-in while null), changed in the account. Null: not
     * known yet (the browser's zone in the workspace, UTC in emails).
     */
    timeZone: text('time_zone'),
  },
  // Only accounts waiting for deletion, for the purge job.
  (t) => [
    index('users_deletion_requested_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} IS NOT NULL`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    country: text('country'),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits (login failures, contact form, resets). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Every email the product sends, whatever the provider (support, tests, local dev). */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['logged', 'sent', 'failed'] }).notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddress, t.createdAt)],
);

export const contactMessages = sqliteTable('contact_messages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Balance = monthly bucket + purchased bucket; never negative (CHECK). */
export const creditBalances = sqliteTable(
  'credit_balances',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    monthly: integer('monthly').notNull().default(0),
    purchased: integer('purchased').notNull().default(0),
    periodStart: integer('period_start', { mode: 'timestamp_ms' }).notNull(),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // period_end: the scheduled job looks for the balances whose period is over, every minute.
  (t) => [check('credit_balances_non_negative', sql`${t.monthly} >= 0 AND ${t.purchased} >= 0`), index('credit_balances_period_end_idx').on(t.periodEnd)],
);

/** The ledger's next `seq`, evaluated by the INSERT that writes the row. */
export const nextLedgerSeq = sql`(SELECT coalesce(max(seq), 0) + 1 FROM credit_ledger)`;

/**
 * Every credit movement, with a unique operation key so that a retry is a no-op. A row
 * records how much each bucket changed; the balance row is their running sum.
 */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['grant_monthly', 'purchase', 'spend', 'refund', 'expire', 'admin_adjust'],
    }).notNull(),
    monthlyDelta: integer('monthly_delta').notNull().default(0),
    purchasedDelta: integer('purchased_delta').notNull().default(0),
    operationKey: text('operation_key').notNull().unique(),
    description: text('description').notNull(),
    /** What the movement is about (a payment, a creation, an admin note). */
    reference: text('reference'),
    createdAt: createdAt(),
    /**
     * The order rows were written in (1, 2, …, over the whole ledger): the history's
     * tiebreak for entries of one instant (an expiry and the grant after it). Drizzle
     * inserts take the next one themselves (one row per insert); raw inserts set it
     * (`nextLedgerSeq`). Nullable only because SQLite adds no NOT NULL column without a
     * default; every row has one.
     */
    seq: integer('seq').$defaultFn(() => nextLedgerSeq),
  },
  (t) => [
    uniqueIndex('credit_ledger_seq_uq').on(t.seq),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    // Recent spends, for the job that refunds interrupted renders.
    index('credit_ledger_spend_created_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'spend'`),
  ],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    projectId: text('project_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** The address the action came from (admin actions, issue 13); null for system actions. */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_project_idx').on(t.projectId, t.createdAt),
  ],
);

/** A customer's project: brand kit and media library, shared with its members. */
export const projects = sqliteTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  website: text('website'),
  brandKit: text('brand_kit', { mode: 'json' }).$type<BrandKit>().notNull(),
  /** The customer's language (issue 28): the previews of the project's ads speak it, and new funnels start with it. */
  locale: text('locale', { enum: LOCALES }).notNull().default('en'),
  archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who is in a project and with which role; exactly one owner (partial unique index). */
export const projectMembers = sqliteTable(
  'project_members',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'editor', 'viewer'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_members_user_idx').on(t.userId),
    uniqueIndex('project_members_one_owner')
      .on(t.projectId)
      .where(sql`${t.role} = 'owner'`),
  ],
);

export const projectInvites = sqliteTable(
  'project_invites',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('project_invites_project_idx').on(t.projectId)],
);

/** A file in a project's library, stored in R2; the same bytes once per project. */
export const media = sqliteTable(
  'media',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    alt: text('alt').notNull().default(''),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    r2Key: text('r2_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    thumbnailSize: integer('thumbnail_size'),
    /** The picture's point of interest (percent of its width and height): where crops centre by default. */
    focalX: real('focal_x'),
    focalY: real('focal_y'),
    /** Who made a photo imported from the photo source (issue 29, JSON): shown wherever the picture is listed or picked; null for uploads. */
    attribution: text('attribution', { mode: 'json' }).$type<PhotoAttribution>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('media_project_created_idx').on(t.projectId, t.createdAt),
    uniqueIndex('media_project_sha256_live')
      .on(t.projectId, t.sha256)
      .where(sql`${t.deletedAt} IS NULL`),
    // Only deleted rows, for the purge job.
    index('media_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/** A paid plan (Pro, Agency): its state at the payment provider, mirrored. */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['pro', 'agency'] }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    currentPeriodStart: integer('current_period_start', { mode: 'timestamp_ms' }).notNull(),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }).notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The scheduled job ends canceled subscriptions and renews periods as they end.
  (t) => [index('subscriptions_period_end_idx').on(t.currentPeriodEnd)],
);

/** Money in: a plan period or a credit pack, through Stripe or the local sandbox. */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'pack'] }).notNull(),
    item: text('item').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** Checkout session, then the invoice or payment intent that paid it. */
    providerRef: text('provider_ref').unique(),
    status: text('status', { enum: ['pending', 'paid', 'refunded', 'canceled'] }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId, t.createdAt)],
);

/** Webhook events already handled: each is processed once, whatever the deliveries. */
export const processedWebhookEvents = sqliteTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

export const affiliateClicks = sqliteTable(
  'affiliate_clicks',
  {
    id: text('id').primaryKey(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_clicks_user_idx').on(t.affiliateUserId, t.createdAt)],
);

/** A user who signed up through an affiliate's link (first touch, within the cookie's 60 days). */
export const referrals = sqliteTable(
  'referrals',
  {
    id: text('id').primaryKey(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: text('referred_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('referrals_affiliate_idx').on(t.affiliateUserId)],
);

export const payouts = sqliteTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected'] }).notNull(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payouts_affiliate_idx').on(t.affiliateUserId, t.createdAt)],
);

/** 30 % of a referred user's payment: pending for 30 days, then available, unless refunded. */
export const commissions = sqliteTable(
  'commissions',
  {
    id: text('id').primaryKey(),
    affiliateUserId: text('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: text('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'available', 'paid_out', 'reversed'] }).notNull(),
    availableAt: integer('available_at', { mode: 'timestamp_ms' }).notNull(),
    payoutId: text('payout_id').references(() => payouts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('commissions_affiliate_idx').on(t.affiliateUserId, t.status), index('commissions_due_idx').on(t.status, t.availableAt)],
);

/**
 * A creative (PRODUCT.md §4.3): the current document and its place in the revision
 * history. `format` and `status` are copied out of the document for the list filters.
 */
export const creatives = sqliteTable(
  'creatives',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['draft', 'in_review', 'approved', 'rejected', 'archived'] })
      .notNull()
      .default('draft'),
    format: text('format', { enum: ['square', 'portrait', 'story', 'landscape'] }).notNull(),
    template: text('template').notNull(),
    document: text('document', { mode: 'json' }).notNull(),
    /** The current revision: its id, its number (1, 2, …) and the hash of its document. */
    revisionId: text('revision_id').notNull(),
    revisionNumber: integer('revision_number').notNull(),
    revisionHash: text('revision_hash').notNull(),
    /** Linked copies of one design in other formats ("Resize") share this id (the first creative's id). */
    linkGroup: text('link_group'),
    /** The name follows the headline on every save until someone renames the creative (issue 27). */
    nameFromHeadline: integer('name_from_headline', { mode: 'boolean' }).notNull().default(false),
    /** How many variations were made of this creative: the next one's number comes from one conditional write. */
    variationsMade: integer('variations_made').notNull().default(0),
    /** The creative a variation was made from: a variation's own variations are numbered on it. */
    variationOf: text('variation_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('creatives_project_updated_idx').on(t.projectId, t.updatedAt),
    /** The public API finds the creative of a document (its "same input", decision 0044). */
    index('creatives_project_hash_idx').on(t.projectId, t.revisionHash),
    index('creatives_link_group_idx')
      .on(t.linkGroup)
      .where(sql`${t.linkGroup} IS NOT NULL`),
    index('creatives_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/**
 * A brand font uploaded to a project (TTF, OTF or WOFF, validated): the file is in R2 and
 * creatives refer to it as `brand:{id}`; the PNG renderer loads it from there.
 */
export const brandFonts = sqliteTable(
  'brand_fonts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The family name shown in the pickers (from the file's name table, editable). */
    family: text('family').notNull(),
    weight: integer('weight').notNull().default(400),
    format: text('format', { enum: ['ttf', 'otf', 'woff'] }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    r2Key: text('r2_key').notNull(),
    createdAt: createdAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('brand_fonts_project_idx').on(t.projectId, t.createdAt),
    uniqueIndex('brand_fonts_project_sha256_live')
      .on(t.projectId, t.sha256)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** Every saved document of a creative (restore any). */
export const creativeRevisions = sqliteTable(
  'creative_revisions',
  {
    id: text('id').primaryKey(),
    creativeId: text('creative_id')
      .notNull()
      .references(() => creatives.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    document: text('document', { mode: 'json' }).notNull(),
    hash: text('hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why the revision exists: an edit, a restore of an older one, the creation. */
    reason: text('reason', { enum: ['created', 'edited', 'restored'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('creative_revisions_number_uq').on(t.creativeId, t.number)],
);

/** A rendered PNG in R2 (PRODUCT.md §4.3): one live creation per rendered revision. */
export const creations = sqliteTable(
  'creations',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    creativeId: text('creative_id').references(() => creatives.id, { onDelete: 'set null' }),
    revisionId: text('revision_id').notNull(),
    revisionNumber: integer('revision_number').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format', { enum: ['square', 'portrait', 'story', 'landscape'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    r2Key: text('r2_key').notNull(),
    createdAt: createdAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('creations_revision_live_uq')
      .on(t.revisionId)
      .where(sql`${t.deletedAt} IS NULL`),
    index('creations_project_created_idx').on(t.projectId, t.createdAt),
    index('creations_creative_idx').on(t.creativeId),
    index('creations_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/** Playground downloads per anonymous visitor and day (a daily hash, no cookie). */
export const playgroundDownloads = sqliteTable(
  'playground_downloads',
  {
    visitorHash: text('visitor_hash').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.visitorHash, t.day] })],
);

/**
 * An ad ("ad information", PRODUCT.md §4.4): pictures (ad_items) + copy + placements.
 * `revision` grows with every change of copy or pictures, so a review names the version
 * it was given on. `preview_id` is the shareable link's secret (192 bits), null when revoked.
 */
export const ads = sqliteTable(
  'ads',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['single', 'carousel', 'story'] }).notNull(),
    status: text('status', {
      enum: ['draft', 'in_review', 'approved', 'changes_requested', 'scheduled', 'published', 'failed'],
    })
      .notNull()
      .default('draft'),
    primaryText: text('primary_text').notNull().default(''),
    headline: text('headline').notNull().default(''),
    description: text('description').notNull().default(''),
    cta: text('cta', { enum: ['learn_more', 'shop_now', 'sign_up', 'book_now', 'contact_us', 'download'] })
      .notNull()
      .default('learn_more'),
    destinationUrl: text('destination_url').notNull().default(''),
    pageName: text('page_name').notNull().default(''),
    /** The avatar shown in the mock-ups: a media id of the project (the brand kit's logo by default). */
    avatarMediaId: text('avatar_media_id').references(() => media.id, { onDelete: 'set null' }),
    placements: text('placements', { mode: 'json' }).$type<string[]>().notNull(),
    revision: integer('revision').notNull().default(1),
    /** The level (index in its project's approval chain) the ad waits at while in review; 0 outside the `levels` mode (decision 0050). */
    approvalLevel: integer('approval_level').notNull().default(0),
    /** The status the ad was scheduled from while it is scheduled: a canceled post puts it back as its chain says (decision 0050). */
    scheduledFrom: text('scheduled_from', {
      enum: ['draft', 'in_review', 'approved', 'changes_requested', 'scheduled', 'published', 'failed'],
    }),
    previewId: text('preview_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('ads_project_created_idx').on(t.projectId, t.createdAt),
    index('ads_project_status_idx').on(t.projectId, t.status, t.createdAt),
    index('ads_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/** The pictures of an ad, in order (1 for single and story, 2–10 for a carousel). */
export const adItems = sqliteTable(
  'ad_items',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    creationId: text('creation_id')
      .notNull()
      .references(() => creations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.adId, t.position] }), index('ad_items_creation_idx').on(t.creationId)],
);

/** A review on an ad: from a member in the workspace (`user_id`) or a visitor of the preview link. */
export const adReviews = sqliteTable(
  'ad_reviews',
  {
    id: text('id').primaryKey(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name').notNull(),
    reviewerEmail: text('reviewer_email'),
    decision: text('decision', { enum: ['approve', 'request_changes', 'comment'] }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The ad's revision the review was given on. */
    revision: integer('revision').notNull(),
    /** The approval chain's level this review moved the ad at (its name then); null when it moved nothing or the project has no levels. */
    levelName: text('level_name'),
    createdAt: createdAt(),
  },
  (t) => [index('ad_reviews_ad_created_idx').on(t.adId, t.createdAt)],
);

/**
 * Comments pinned on an ad (issue 32 point 1, decision 0052): a pin is a spot of one picture
 * (`item`, `x`/`y` as fractions 0–1 of its width and height) or a phrase of the caption
 * (`start`/`end` in UTF-16 units of the primary text, `quote` the phrase then), numbered per ad;
 * a reply is a row with `parent_id` (no number, no spot). `revision` is the ad's revision it was
 * made on: a later one shows it "on an earlier version". The author is a member (`user_id`) or
 * the preview link's named reviewer (null).
 */
export const adPins = sqliteTable(
  'ad_pins',
  {
    id: text('id').primaryKey(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    number: integer('number'),
    item: integer('item'),
    x: real('x'),
    y: real('y'),
    start: integer('start'),
    end: integer('end'),
    quote: text('quote'),
    revision: integer('revision').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    /** The resolver's name as shown; their user id when a member (account deletion anonymises the name). */
    resolvedBy: text('resolved_by'),
    resolvedByUserId: text('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ad_pins_ad_number_idx').on(t.adId, t.number), index('ad_pins_ad_created_idx').on(t.adId, t.createdAt)],
);

/**
 * A project's review board (issue 32 point 3, decision 0053): one capability link listing every ad
 * waiting for the customer. Only the SHA-256 of its 256-bit token is kept (a leaked database opens
 * no board); a revoked board is a 404. `last_used_at` is when a review was last sent through it (a GET
 * never writes: a link unfurler or mail scanner changes nothing). A project has at most one live board.
 */
export const reviewBoards = sqliteTable(
  'review_boards',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  // One live board per project: a new link revokes the old one in the same batch, and the index makes it so under any race.
  (t) => [
    uniqueIndex('review_boards_live_idx')
      .on(t.projectId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * A project's approval chain (issue 32, decision 0050): its mode and ordered levels, each with its
 * approvers (members' user ids, emails). No row: the `required` mode (one approval), as before
 * chains. `version` grows with every save; an ad's move is written only at the version it was read at.
 */
export const approvalChains = sqliteTable('approval_chains', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['none', 'optional', 'required', 'levels'] }).notNull(),
  levels: text('levels', { mode: 'json' }).$type<{ name: string; userIds: string[]; emails: string[] }[]>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * A project's Instagram professional account (one per project). The access token is
 * sealed with AES-GCM (`TOKEN_ENCRYPTION_KEY`): `token_sealed` holds IV and ciphertext,
 * `token_key_id` names the key so that keys can rotate. A sandbox account has no real token.
 */
export const instagramAccounts = sqliteTable(
  'instagram_accounts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .unique()
      .references(() => projects.id, { onDelete: 'cascade' }),
    connectedBy: text('connected_by').references(() => users.id, { onDelete: 'set null' }),
    igUserId: text('ig_user_id').notNull(),
    /**
     * The app-scoped Instagram user id (the code exchange's `user_id`, /me's `id`): Meta's
     * deauthorize and data-deletion callbacks may name the user by it. Null for sandbox accounts
     * and accounts connected before it was stored.
     */
    igScopedUserId: text('ig_scoped_user_id'),
    username: text('username').notNull(),
    pictureUrl: text('picture_url'),
    sandbox: integer('sandbox', { mode: 'boolean' }).notNull().default(false),
    tokenSealed: text('token_sealed'),
    tokenKeyId: text('token_key_id'),
    tokenExpiresAt: integer('token_expires_at', { mode: 'timestamp_ms' }),
    tokenRefreshedAt: integer('token_refreshed_at', { mode: 'timestamp_ms' }),
    status: text('status', { enum: ['active', 'broken'] })
      .notNull()
      .default('active'),
    brokenReason: text('broken_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('instagram_accounts_ig_user_idx').on(t.igUserId),
    index('instagram_accounts_ig_scoped_user_idx').on(t.igScopedUserId),
    index('instagram_accounts_expiry_idx').on(t.status, t.tokenExpiresAt),
  ],
);

/** OAuth `state` of one Instagram connection attempt: bound to user and project, single use, 10 minutes. */
export const oauthStates = sqliteTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectId: text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: createdAt(),
});

/**
 * A post of an ad to Instagram, now or at `scheduled_at`. The job claims a due post with
 * a conditional update (`lease_until`), stores every container id before publishing, and
 * checks a stored container's state before ever publishing again: a post is published once.
 */
export const scheduledPosts = sqliteTable(
  'scheduled_posts',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => instagramAccounts.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['single', 'carousel', 'story'] }).notNull(),
    creationIds: text('creation_ids', { mode: 'json' }).$type<string[]>().notNull(),
    caption: text('caption').notNull().default(''),
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }).notNull(),
    status: text('status', { enum: ['scheduled', 'publishing', 'published', 'failed', 'canceled'] })
      .notNull()
      .default('scheduled'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    leaseOwner: text('lease_owner'),
    /** Container ids as they are created: children of a carousel, then the published one. */
    childContainerIds: text('child_container_ids', { mode: 'json' }).$type<string[]>(),
    containerId: text('container_id'),
    mediaId: text('media_id'),
    permalink: text('permalink'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    errorClass: text('error_class', { enum: ['transient', 'rate_limit', 'media', 'quota', 'reconnect', 'unknown'] }),
    errorMessage: text('error_message'),
    /** The site's public origin when the post was made: the job builds the picture links Meta fetches from it. */
    origin: text('origin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_posts_ad_live_uq')
      .on(t.adId)
      .where(sql`${t.status} IN ('scheduled', 'publishing', 'published')`),
    index('scheduled_posts_due_idx').on(t.status, t.nextAttemptAt),
    index('scheduled_posts_project_idx').on(t.projectId, t.createdAt),
    // An ad's posts (the ads list and an ad's page: postsOfAds); without it every list read the whole table (worker/query-plans.test.ts).
    index('scheduled_posts_ad_idx').on(t.adId, t.createdAt),
    // The content calendar reads a window of the user's projects' posts by time (ads/calendar).
    index('scheduled_posts_project_time_idx').on(t.projectId, t.scheduledAt),
    // The insights job's every-minute look for newly published posts (publishedSince): a range, not every published post ever.
    index('scheduled_posts_published_idx').on(t.status, t.publishedAt),
  ],
);

/** Meta's data-deletion requests: the status page `/instagram/deletion/{code}` reads them. */
export const dataDeletionRequests = sqliteTable('data_deletion_requests', {
  code: text('code').primaryKey(),
  igUserId: text('ig_user_id').notNull(),
  status: text('status', { enum: ['pending', 'completed'] })
    .notNull()
    .default('pending'),
  accountsDeleted: integer('accounts_deleted').notNull().default(0),
  createdAt: createdAt(),
  completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
});

/** The local Graph implementation's containers and posts (the sandbox account's feed). */
export const instagramSandboxMedia = sqliteTable(
  'instagram_sandbox_media',
  {
    id: text('id').primaryKey(),
    igUserId: text('ig_user_id').notNull(),
    mediaType: text('media_type', { enum: ['IMAGE', 'CAROUSEL', 'STORIES'] }).notNull(),
    isCarouselItem: integer('is_carousel_item', { mode: 'boolean' }).notNull().default(false),
    imageUrl: text('image_url'),
    /** The creation shown on the sandbox feed (read from the signed image URL). */
    creationIds: text('creation_ids', { mode: 'json' }).$type<string[]>(),
    children: text('children', { mode: 'json' }).$type<string[]>(),
    caption: text('caption'),
    statusCode: text('status_code', { enum: ['IN_PROGRESS', 'FINISHED', 'ERROR', 'PUBLISHED'] })
      .notNull()
      .default('FINISHED'),
    /** Set when the container is published: the media id and its permalink. */
    mediaId: text('media_id').unique(),
    permalink: text('permalink'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('instagram_sandbox_media_feed_idx').on(t.igUserId, t.publishedAt)],
);

/**
 * A published post's latest figures from Instagram (issue 32 point 5, decision 0055): one row per
 * post, updated in place by the insights job. What the lists show of the post (ad, kind, caption,
 * permalink, time) is copied once when the job first meets it: a published post never changes.
 * A figure Instagram has no metric for (a story's likes) stays null.
 */
export const postInsights = sqliteTable(
  'post_insights',
  {
    postId: text('post_id')
      .primaryKey()
      .references(() => scheduledPosts.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => instagramAccounts.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['single', 'carousel', 'story'] }).notNull(),
    mediaId: text('media_id').notNull(),
    caption: text('caption').notNull().default(''),
    permalink: text('permalink'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
    /** pending: not read yet; ok: read; gone: the media was deleted on Instagram (never asked again); reconnect: the connection lacks access. */
    state: text('state', { enum: ['pending', 'ok', 'gone', 'reconnect'] })
      .notNull()
      .default('pending'),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }),
    /** When the job reads it next (also its claim: a run moves it ahead before it asks Instagram). */
    nextFetchAt: integer('next_fetch_at', { mode: 'timestamp_ms' }).notNull(),
    reach: integer('reach'),
    likes: integer('likes'),
    comments: integer('comments'),
    saves: integer('saves'),
    shares: integer('shares'),
    views: integer('views'),
    error: text('error'),
  },
  (t) => [
    index('post_insights_due_idx').on(t.nextFetchAt),
    // The job's look for new posts starts at the newest one it has met (max(published_at) every minute).
    index('post_insights_published_idx').on(t.publishedAt),
    index('post_insights_project_idx').on(t.projectId, t.publishedAt),
    index('post_insights_ad_idx').on(t.adId),
  ],
);

/** An Instagram account's pause from insights after a rate-limit answer (one row per account, written by one conditional upsert). */
export const insightPauses = sqliteTable('insight_pauses', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => instagramAccounts.id, { onDelete: 'cascade' }),
  pausedUntil: integer('paused_until', { mode: 'timestamp_ms' }).notNull(),
  /** Rate-limit answers in a row: each doubles the pause; a reading that succeeds clears the row. */
  strikes: integer('strikes').notNull().default(1),
});

/**
 * A funnel (PRODUCT.md §4.5): ordered landing pages of a project under one public name
 * (`/p/{name}/…`) and optionally a custom domain. Names and domains are unique among live
 * funnels (partial unique indexes): deleting a funnel frees them.
 */
export const funnels = sqliteTable(
  'funnels',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    /** The FunnelTheme (common/schemas/blocks.ts): colours, fonts, radius. */
    theme: text('theme', { mode: 'json' }).notNull(),
    /** A lower-case hostname, or null. */
    customDomain: text('custom_domain'),
    notifyLeads: integer('notify_leads', { mode: 'boolean' }).notNull().default(false),
    /** The language of its pages' own words (form messages, countdown units) and their `<html lang>` (issue 28). */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('funnels_name_live_uq')
      .on(t.name)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('funnels_domain_live_uq')
      .on(t.customDomain)
      .where(sql`${t.deletedAt} IS NULL AND ${t.customDomain} IS NOT NULL`),
    index('funnels_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * A page of a funnel: the draft (variant A, and B when an A/B test is set up) and what
 * is live (`published_version_id`). `revision` grows with every draft change; the
 * revision that was published tells draft / published / changed apart.
 */
export const funnelPages = sqliteTable(
  'funnel_pages',
  {
    id: text('id').primaryKey(),
    funnelId: text('funnel_id')
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** The PageDocument of variant A (common/schemas/blocks.ts). */
    draft: text('draft', { mode: 'json' }).notNull(),
    /** Variant B's PageDocument, or null when the page has no A/B test. */
    draftB: text('draft_b', { mode: 'json' }),
    /** Percentage (0–100) of visitors shown variant B. */
    splitB: integer('split_b').notNull().default(50),
    revision: integer('revision').notNull().default(1),
    publishedVersionId: text('published_version_id'),
    publishedRevision: integer('published_revision'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('funnel_pages_slug_live_uq')
      .on(t.funnelId, t.slug)
      .where(sql`${t.deletedAt} IS NULL`),
    index('funnel_pages_funnel_position_idx').on(t.funnelId, t.position),
    index('funnel_pages_project_idx').on(t.projectId),
    check('funnel_pages_split_range', sql`${t.splitB} BETWEEN 0 AND 100`),
  ],
);

/** Every published state of a page, numbered 1, 2, … per page (unique: concurrent publishes cannot share a number). */
export const funnelPageVersions = sqliteTable(
  'funnel_page_versions',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => funnelPages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** { a: PageDocument, b: PageDocument | null, splitB: number } */
    document: text('document', { mode: 'json' }).notNull(),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('funnel_page_versions_number_uq').on(t.pageId, t.number)],
);

/** A form submission on a published page. Deleted for real on request (GDPR). */
export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    funnelId: text('funnel_id')
      .notNull()
      .references(() => funnels.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => funnelPages.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['a', 'b'] }).notNull(),
    /** Field name → value as submitted (validated by the form block's schema). */
    data: text('data', { mode: 'json' }).$type<Record<string, string | boolean>>().notNull(),
    /** The first email field, lower-case, for search. */
    email: text('email'),
    utm: text('utm', { mode: 'json' }).$type<{ source: string; medium: string; campaign: string; term: string; content: string }>().notNull(),
    referrer: text('referrer'),
    createdAt: createdAt(),
  },
  (t) => [index('leads_funnel_created_idx').on(t.funnelId, t.createdAt, t.id), index('leads_page_idx').on(t.pageId)],
);

/** Daily counts per page and variant (UTC days 'YYYY-MM-DD'), upserted by the edge after each response. */
export const pageStats = sqliteTable(
  'page_stats',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => funnelPages.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['a', 'b'] }).notNull(),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.variant, t.day] })],
);

/**
 * The day's visitor hashes (sha256 of the day's salt, IP and user agent): an INSERT OR
 * IGNORE that inserts means a new unique visitor. Rows older than yesterday are deleted.
 */
export const pageVisitors = sqliteTable(
  'page_visitors',
  {
    pageId: text('page_id').notNull(),
    variant: text('variant', { enum: ['a', 'b'] }).notNull(),
    day: text('day').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.variant, t.day, t.hash] }), index('page_visitors_day_idx').on(t.day)],
);

/** Daily counts of referrer hosts and UTM sources per page and variant. */
export const pageSources = sqliteTable(
  'page_sources',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => funnelPages.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['a', 'b'] }).notNull(),
    day: text('day').notNull(),
    kind: text('kind', { enum: ['referrer', 'utm_source'] }).notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.variant, t.day, t.kind, t.value] })],
);

/** The salt of each UTC day's visitor hashes: made on first use, deleted when the day is over (then the hashes mean nothing). */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * A presentation (PRODUCT.md §4.9, issue 13): a personal pitch page for one customer or
 * campaign at `/presents/{slug}`. The slug is unique among live presentations (partial unique
 * index: deleting one frees it). `document` is the PresentationDocument
 * (common/schemas/presentations.ts); `revision` grows with every change (PATCH with its base
 * revision, like pages). The password is stored as a PBKDF2 hash; the unlock cookie is
 * signed over a fingerprint of it, so changing the password locks every visitor out again.
 */
export const presentations = sqliteTable(
  'presentations',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    /** A media id of the linked project (the customer's logo), or null. */
    customerLogoMediaId: text('customer_logo_media_id'),
    headline: text('headline').notNull(),
    /** The PresentationDocument: customer, logo, headline, intro, theme and sections (the columns beside it are copies for lists and search). */
    document: text('document', { mode: 'json' }).notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    revision: integer('revision').notNull().default(1),
    passwordHash: text('password_hash'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('presentations_slug_live_uq')
      .on(t.slug)
      .where(sql`${t.deletedAt} IS NULL`),
    index('presentations_author_idx').on(t.authorId, t.updatedAt),
    index('presentations_updated_idx').on(t.updatedAt, t.id),
    index('presentations_project_idx').on(t.projectId),
    index('presentations_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/**
 * Daily counts per presentation (UTC days): views and unique visitors (cookieless daily hash,
 * like page_stats) written when the page is served to a person, and the seconds on the page
 * that the view beacon reports (summed over views; only the growth of each view's own total
 * is added, so a repeated beacon adds nothing).
 */
export const presentationStats = sqliteTable(
  'presentation_stats',
  {
    presentationId: text('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.presentationId, t.day] })],
);

/** How many views reached each section per day (a section counts once per view); only ids of the presentation's sections. */
export const presentationSectionStats = sqliteTable(
  'presentation_section_stats',
  {
    presentationId: text('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    sectionId: text('section_id').notNull(),
    reached: integer('reached').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.presentationId, t.day, t.sectionId] })],
);

/** The day's visitor hashes per presentation (INSERT OR IGNORE decides "new visitor"); deleted after a day with the salt. */
export const presentationVisitors = sqliteTable(
  'presentation_visitors',
  {
    presentationId: text('presentation_id').notNull(),
    day: text('day').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.presentationId, t.day, t.hash] }), index('presentation_visitors_day_idx').on(t.day)],
);

/**
 * What each view's beacon reported so far (its signed view id): the highest seconds and the
 * sections reached, so that a later beacon of the same view adds only what is new. Kept two days.
 */
export const presentationViews = sqliteTable(
  'presentation_views',
  {
    viewId: text('view_id').primaryKey(),
    presentationId: text('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    seconds: integer('seconds').notNull().default(0),
    /** Section ids reached, a JSON array. */
    sections: text('sections', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [index('presentation_views_day_idx').on(t.day)],
);

/**
 * The people a presentation was shared with (issue 32 point 6, decision 0056): each has their own
 * link `/presents/{slug}?r={code}` (an unguessable code), so the author sees who read it. A
 * recipient's link opens a password-protected presentation without the password; revoking it
 * ends that and the attribution (the link then works like the plain one).
 */
export const presentationRecipients = sqliteTable(
  'presentation_recipients',
  {
    id: text('id').primaryKey(),
    presentationId: text('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    code: text('code').notNull(),
    createdAt: createdAt(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('presentation_recipients_code_uq').on(t.code), index('presentation_recipients_presentation_idx').on(t.presentationId, t.createdAt)],
);

/**
 * What visitors sent the author (decision 0056): a request for access from the expired or the
 * password page (`access`), or an "I'm interested" answer of a call to action (`interest`).
 * `grantedAt` is set once, by the one conditional write of the author's one-click link.
 */
export const presentationRequests = sqliteTable(
  'presentation_requests',
  {
    id: text('id').primaryKey(),
    presentationId: text('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'interest'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    /** The language the asker read the page in (the presentation's): the answer's email speaks it. */
    locale: text('locale', { enum: LOCALES }).notNull(),
    createdAt: createdAt(),
    grantedAt: integer('granted_at', { mode: 'timestamp_ms' }),
    /** The recipient link made for the asker when the author granted access. */
    recipientId: text('recipient_id'),
  },
  (t) => [index('presentation_requests_presentation_idx').on(t.presentationId, t.createdAt)],
);

/**
 * Each counted visit of a presentation, for the author's timeline (decision 0056): when, through
 * which recipient's link (null: the plain link), how long, and the seconds in each section
 * (a JSON object of section id → seconds, the beacon's maxima). Only views the page counts
 * (people, not bots, prefetches, the author or admins); no address or hash is kept.
 */
export const presentationVisits = sqliteTable(
  'presentation_visits',
  {
    viewId: text('view_id').primaryKey(),
    presentationId: text('presentation_id')
      .notNull()
      .references(() => presentations.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').references(() => presentationRecipients.id, { onDelete: 'set null' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    sections: text('sections', { mode: 'json' }).$type<Record<string, number>>().notNull(),
  },
  (t) => [index('presentation_visits_presentation_idx').on(t.presentationId, t.startedAt)],
);

/**
 * API keys of a project (issue 31, decision 0040): what `/api/v1` callers present as
 * `Authorization: Bearer adl_…`. Only the SHA-256 of the secret is kept (a 32-byte random secret
 * needs no slow hash); the prefix is its first characters, shown for recognition. Revoked keys
 * stay (revoked_at) so that the audit trail can still name them.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The scopes, a JSON array of 'read' | 'render' | 'ads' | 'leads'. */
    scopes: text('scopes', { mode: 'json' }).$type<string[]>().notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash), index('api_keys_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * A project's webhook endpoints (issue 31, decision 0042): an https address, the events it takes,
 * its Standard Webhooks signing secret sealed with TOKEN_ENCRYPTION_KEY (the row's id bound in),
 * and after a rotation the previous secret until `previous_secret_expires_at` (24 h: both sign).
 * `disabled_at` with `disabled_reason` 'owner' (switched off) or 'failing' (24 h of failed deliveries).
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The events it takes, a JSON array of event types. */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    secretKeyId: text('secret_key_id').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretKeyId: text('previous_secret_key_id'),
    previousSecretExpiresAt: integer('previous_secret_expires_at', { mode: 'timestamp_ms' }),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    disabledReason: text('disabled_reason', { enum: ['owner', 'failing'] }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * The outbox and log of webhook deliveries: one row per event and endpoint, written before its id
 * goes on the `adloom-webhooks` queue. `event_id` is the `webhook-id` header (the same for a
 * "send again"); attempts, the next try and the 24 h deadline are kept here, not in the queue.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id').notNull(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    type: text('type').notNull(),
    /** The JSON body sent, `{ type, timestamp, data }`. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    deadlineAt: integer('deadline_at', { mode: 'timestamp_ms' }).notNull(),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    /** The first 1 KB of the last answer, or why there was none. */
    lastResponse: text('last_response'),
    lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * The answers of `/api/v1` POSTs sent with an `Idempotency-Key` (issue 31, decision 0044): per
 * project and key, the hash of the request (method, path, body) and, once the first request
 * finished, its status and body, replayed for 24 hours. A row without a status is a request
 * still running (claimed by one conditional insert). Purged by the cron once expired.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while the first request runs. */
    status: integer('status'),
    body: text('body'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/**
 * Runs of bulk creatives (issue 31 point 6, decision 0046): one creative drawn once per row of a
 * spreadsheet through the `adloom-batches` queue. The run keeps the document it started from (the
 * creative may be edited meanwhile), the counters the progress bar reads, and the credits it holds:
 * `held` credits were spent at the start of attempt `attempt` (operation key
 * `batch:<id>:<attempt>`), of which those not used when the attempt settles are refunded once.
 * `kind` `render` is an asynchronous `/api/v1/renders` (one row, its `creation.rendered` event).
 */
export const batches = sqliteTable(
  'batches',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    creativeId: text('creative_id').references(() => creatives.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['batch', 'render'] }).notNull(),
    /** Whose credits pay, and in whose name pictures fetched by address are stored. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format', { enum: ['square', 'portrait', 'story', 'landscape'] }).notNull(),
    document: text('document', { mode: 'json' }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'cancelled'] }).notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    attempt: integer('attempt').notNull().default(1),
    held: integer('held').notNull().default(0),
    /** `credits` when the current attempt's hold was spent: the attempt used `credits - held_base`. */
    heldBase: integer('held_base').notNull().default(0),
    /** Last progress (or queueing): a run active and untouched for minutes has lost its messages. */
    touchedAt: integer('touched_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('batches_project_created_idx').on(t.projectId, t.createdAt), index('batches_status_touched_idx').on(t.status, t.touchedAt)],
);

/** A run's rows: the modifications of one picture (JSON) and, once settled, its creation or its reason (English, said in the reader's language). */
export const batchRows = sqliteTable(
  'batch_rows',
  {
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    index: integer('idx').notNull(),
    status: text('status', { enum: ['waiting', 'done', 'failed'] }).notNull(),
    input: text('input', { mode: 'json' }).notNull(),
    creationId: text('creation_id'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.index] })],
);

/**
 * A user's iCal feed of the content calendar (decision 0054): the secret in its URL is the
 * HMAC of the row's id (so the workspace can show the URL again), only its SHA-256 is stored
 * (the public route finds the row by it). Rotating revokes the live feed and makes a new one;
 * one live feed per user.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_uq').on(t.tokenHash),
    uniqueIndex('calendar_feeds_user_live_uq')
      .on(t.userId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
