import { expect } from 'vitest';
import { parseCreative } from '#common/creative/document.ts';
import { funnelThemeSchema } from '#common/schemas/blocks-theme.ts';
import { pageDocumentSchema } from '#common/schemas/blocks.ts';
import { presentationDocumentSchema } from '#common/schemas/presentations.ts';
import { brandKitInput } from '#common/schemas/projects.ts';
import * as z from 'zod/mini';

/**
 * Data as each migration level knew it: for every file in migrations/, the rows a database
 * migrated only up to that file would hold (written with the columns of that moment), and a
 * check that reads them back through today's code (the API, the jobs, the common/ schemas)
 * after every later migration has run. worker/db/upgrades.test.ts fails when a migration has
 * no entry here: a new migration comes with its fixture.
 */
export interface UpgradeFixture {
  rows: (v: FixtureValues) => string[];
  check: (t: UpgradeCheck) => Promise<void>;
}

export interface FixtureValues {
  /** Now (ms), so that sessions, invites and periods are current when the checks run. */
  now: number;
  /** A password hash (worker/lib/crypto.ts format) of PASSWORD. */
  hash: string;
}

export interface UpgradeCheck {
  /** GET (or other) through the real worker against the upgraded database; JSON when `json`. */
  get: (path: string, as?: keyof typeof USERS) => Promise<Response>;
  json: <T = unknown>(path: string, as?: keyof typeof USERS) => Promise<T>;
  /** Signs in with the fixture password; the response of POST /api/auth/login. */
  login: (user: keyof typeof USERS) => Promise<Response>;
  /** Runs a read-only SQL query on the upgraded database. */
  query: <T = Record<string, unknown>>(sql: string) => Promise<T[]>;
  /** The scheduled jobs of today (worker/jobs) against the upgraded database. */
  jobs: { billing: (now: Date) => Promise<void> };
}

export const PASSWORD = 'upgrade-fixture-password-2026';

export const USERS = {
  owner: { id: 'upg_user_owner_000000001', email: 'olivia@upgrade.example.com', name: 'Olivia Owner' },
  admin: { id: 'upg_user_admin_000000001', email: 'ada@upgrade.example.com', name: 'Ada Admin' },
  editor: { id: 'upg_user_editor_00000001', email: 'eddie@upgrade.example.com', name: 'Eddie Editor' },
  disabled: { id: 'upg_user_disabled_000001', email: 'dora@upgrade.example.com', name: 'Dora Disabled' },
  leaving: { id: 'upg_user_leaving_0000001', email: 'lea@upgrade.example.com', name: 'Lea Leaving' },
} as const;

const P1 = 'upg_project_northwind_01';
const P2 = 'upg_project_harbour_0001';
const DAY = 24 * 60 * 60 * 1000;
const q = (value: string) => `'${value.replaceAll("'", "''")}'`;
const json = (value: unknown) => q(JSON.stringify(value));

/** A brand kit as projects stored it at 0001 (07110a1: logo, colours, fonts, tone). */
const BRAND_KIT_0001 = {
  logoMediaId: 'upg_media_logo_000000001',
  colors: ['#1f3a5f', '#f2a541'],
  headingFont: 'inter',
  bodyFont: 'inter',
  tone: 'Warm, direct.',
};

/** A creative document as the editor of 0004 saved it (version 2: the layers of 27575cc, none of 0013's optional fields). */
const CREATIVE_0004 = {
  version: 2,
  format: 'square',
  template: 'bold-offer',
  background: { type: 'gradient', from: '#1f3a5f', to: '#0b1320', angle: 135 },
  layers: [
    { id: 'photo', type: 'image', slot: 'image', x: 50, y: 0, w: 50, h: 100, mediaId: 'upg_media_photo_00000001', fit: 'cover', radius: 0 },
    { id: 'panel', type: 'shape', slot: 'panel', x: 4, y: 60, w: 44, h: 34, shape: 'rect', fill: '#ffffff', opacity: 0.9, radius: 4 },
    {
      id: 'headline',
      type: 'text',
      slot: 'headline',
      x: 6,
      y: 10,
      w: 40,
      h: 30,
      text: 'Fresh beans, every Monday',
      font: 'inter',
      weight: 700,
      size: 7,
      color: '#ffffff',
      align: 'left',
      vAlign: 'top',
      lineHeight: 1.1,
      uppercase: false,
    },
    {
      id: 'button',
      type: 'cta',
      slot: 'cta',
      x: 6,
      y: 80,
      w: 30,
      h: 8,
      text: 'Order now',
      font: 'inter',
      weight: 700,
      size: 3,
      color: '#0b1320',
      fill: '#f2a541',
      radius: 2,
    },
    { id: 'logo', type: 'logo', slot: 'logo', x: 6, y: 66, w: 12, h: 8, mediaId: null },
  ],
};

/** A funnel's theme and a page as the funnel editor of 0010 stored them (97eb59c). */
const THEME_0010 = {
  colors: { primary: '#1f3a5f', background: '#ffffff', surface: '#f4f4f5', text: '#18181b', muted: '#52525b' },
  fonts: { heading: 'inter', body: 'inter' },
  radius: 'medium',
};
const PAGE_0010 = {
  blocks: [{ id: 'intro', type: 'text', props: { markdown: 'Fresh beans **every Monday**, roasted in Hamburg.', align: 'left' } }],
  seo: { title: 'Northwind beans', description: 'Weekly coffee from Northwind.', image: null },
};

/** A presentation document as 0012 stored it (1a63089). */
const PRESENTATION_0012 = {
  customerName: 'Harbour Bakery',
  logo: null,
  headline: 'Your spring campaign',
  intro: 'Here is what we prepared for you.',
  theme: THEME_0010,
  sections: [{ id: 'note', type: 'intro', props: { heading: 'Hello Harbour', signature: '' } }],
};

const user = (u: (typeof USERS)[keyof typeof USERS], v: FixtureValues, extra = { role: 'user', plan: 'free' }) =>
  `INSERT INTO users (id, email, name, password_hash, role, plan, created_at, updated_at) VALUES (${q(u.id)}, ${q(u.email)}, ${q(u.name)}, ${q(v.hash)}, ${q(extra.role)}, ${q(extra.plan)}, ${v.now - 400 * DAY}, ${v.now - 400 * DAY})`;

export const FIXTURES: Record<string, UpgradeFixture> = {
  '0000_foundation.sql': {
    rows: (v) => [
      user(USERS.owner, v, { role: 'user', plan: 'pro' }),
      user(USERS.admin, v, { role: 'admin', plan: 'free' }),
      user(USERS.editor, v),
      `INSERT INTO sessions (id, user_id, token_hash, user_agent, country, created_at, last_seen_at, expires_at) VALUES ('upg_session_owner_000001', ${q(USERS.owner.id)}, ${q('ab'.repeat(32))}, 'Mozilla/5.0', 'DE', ${v.now - DAY}, ${v.now - DAY}, ${v.now + 20 * DAY})`,
      `INSERT INTO credit_balances (user_id, monthly, purchased, period_start, period_end, created_at, updated_at) VALUES (${q(USERS.owner.id)}, 40, 10, ${v.now - 5 * DAY}, ${v.now + 25 * DAY}, ${v.now - 400 * DAY}, ${v.now - DAY})`,
      // The ledger before 0002: one bucket and a signed amount per entry.
      `INSERT INTO credit_ledger (id, user_id, kind, bucket, amount, operation_key, description, created_at) VALUES ('upg_ledger_grant_0000001', ${q(USERS.owner.id)}, 'grant', 'monthly', 50, 'upg:grant:1', 'Monthly credits', ${v.now - 5 * DAY})`,
      `INSERT INTO credit_ledger (id, user_id, kind, bucket, amount, operation_key, description, created_at) VALUES ('upg_ledger_spend_0000001', ${q(USERS.owner.id)}, 'spend', 'monthly', -10, 'upg:spend:1', 'AI copy suggestions', ${v.now - 4 * DAY})`,
      `INSERT INTO credit_ledger (id, user_id, kind, bucket, amount, operation_key, description, created_at) VALUES ('upg_ledger_purchase_00001', ${q(USERS.owner.id)}, 'purchase', 'purchased', 10, 'upg:purchase:1', 'Credit pack', ${v.now - 3 * DAY})`,
      `INSERT INTO audit_log (id, actor_user_id, action, target_type, target_id, details, created_at) VALUES ('upg_audit_0000_00000001', ${q(USERS.admin.id)}, 'user.plan', 'user', ${q(USERS.owner.id)}, ${json({ from: 'free', to: 'pro' })}, ${v.now - 30 * DAY})`,
      `INSERT INTO contact_messages (id, name, email, message, user_id, created_at, updated_at) VALUES ('upg_contact_00000000001', 'Olivia Owner', ${q(USERS.owner.email)}, 'How do I invite my team?', ${q(USERS.owner.id)}, ${v.now - 9 * DAY}, ${v.now - 9 * DAY})`,
      `INSERT INTO email_outbox (id, to_address, subject, text_body, kind, status, created_at, updated_at) VALUES ('upg_outbox_000000000001', ${q(USERS.owner.email)}, 'Welcome to Adloom', 'Welcome!', 'welcome', 'sent', ${v.now - 400 * DAY}, ${v.now - 400 * DAY})`,
      `INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at, used_at, created_at) VALUES ('upg_reset_0000000000001', ${q(USERS.owner.id)}, ${q('cd'.repeat(32))}, ${v.now - 99 * DAY}, ${v.now - 100 * DAY}, ${v.now - 100 * DAY})`,
      `INSERT INTO rate_limits (key, count, reset_at) VALUES ('upg:limit', 2, ${v.now + 60_000})`,
    ],
    async check(t) {
      // The password hash, session table and user columns of 0000 still sign people in.
      expect((await t.login('owner')).status).toBe(200);
      expect(await t.json('/api/me')).toMatchObject({ id: USERS.owner.id, email: USERS.owner.email, name: USERS.owner.name, plan: { id: 'pro' } });
      expect(await t.json('/api/credits')).toMatchObject({ monthly: 40, purchased: 10, total: 50 });
      // 0002 split each amount into its bucket's delta; 0006 numbered the entries in time order.
      const ledger = await t.json<{ items: { id: string; amount: number; monthly: number; purchased: number }[] }>('/api/credits/ledger');
      const byId = new Map(ledger.items.map((e) => [e.id, e]));
      expect(byId.get('upg_ledger_grant_0000001')).toMatchObject({ amount: 50, monthly: 50, purchased: 0 });
      expect(byId.get('upg_ledger_spend_0000001')).toMatchObject({ amount: -10, monthly: -10, purchased: 0 });
      expect(byId.get('upg_ledger_purchase_00001')).toMatchObject({ amount: 10, monthly: 0, purchased: 10 });
      const seqs = await t.query<{ id: string; seq: number }>(
        `SELECT id, seq FROM credit_ledger WHERE id IN ('upg_ledger_grant_0000001', 'upg_ledger_spend_0000001', 'upg_ledger_purchase_00001') ORDER BY seq`,
      );
      expect(seqs.map((r) => r.id)).toEqual(['upg_ledger_grant_0000001', 'upg_ledger_spend_0000001', 'upg_ledger_purchase_00001']);
      expect(seqs.every((r) => Number.isInteger(r.seq))).toBe(true);
      // 0002 gave every existing user an affiliate code: the affiliate page shows the link.
      expect(await t.json<{ link: string }>('/api/affiliate')).toMatchObject({ link: expect.stringMatching(/\?ref=[0-9a-f]{10}$/) });
      // The admin sees the user, the old audit entry and the contact message.
      expect((await t.login('admin')).status).toBe(200);
      const users = await t.json<{ items: { id: string; plan: string; disabledAt: string | null }[] }>(
        `/api/admin/users?q=${encodeURIComponent(USERS.owner.email)}`,
        'admin',
      );
      expect(users.items).toContainEqual(expect.objectContaining({ id: USERS.owner.id, plan: 'pro', disabledAt: null }));
      const audit = await t.json<{ items: { id: string; action: string }[] }>('/api/admin/audit?action=user.plan', 'admin');
      expect(audit.items.map((a) => a.id)).toContain('upg_audit_0000_00000001');
      const messages = await t.json<{ items: { id: string }[] }>('/api/admin/contact-messages', 'admin');
      expect(messages.items.map((m) => m.id)).toContain('upg_contact_00000000001');
    },
  },

  '0001_projects_media.sql': {
    rows: (v) => [
      `INSERT INTO projects (id, name, description, website, brand_kit, created_at, updated_at) VALUES (${q(P1)}, 'Northwind Coffee', 'Roastery in Hamburg', 'https://northwind.example.com', ${json(BRAND_KIT_0001)}, ${v.now - 300 * DAY}, ${v.now - 300 * DAY})`,
      `INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES (${q(P1)}, ${q(USERS.owner.id)}, 'owner', ${v.now - 300 * DAY}, ${v.now - 300 * DAY})`,
      `INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES (${q(P1)}, ${q(USERS.editor.id)}, 'editor', ${v.now - 200 * DAY}, ${v.now - 200 * DAY})`,
      `INSERT INTO project_invites (id, project_id, email, role, token_hash, invited_by, expires_at, created_at) VALUES ('upg_invite_000000000001', ${q(P1)}, 'vera@upgrade.example.com', 'viewer', ${q('ef'.repeat(32))}, ${q(USERS.owner.id)}, ${v.now + 5 * DAY}, ${v.now - 2 * DAY})`,
      `INSERT INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, alt, tags, r2_key, created_at, updated_at) VALUES ('upg_media_logo_000000001', ${q(P1)}, ${q(USERS.owner.id)}, 'image', 'image/png', 'logo.png', 2048, ${q('1'.repeat(64))}, 400, 200, 'Northwind logo', '["brand"]', ${q(`media/${P1}/upg_media_logo_000000001`)}, ${v.now - 290 * DAY}, ${v.now - 290 * DAY})`,
      `INSERT INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, alt, tags, r2_key, thumbnail_key, thumbnail_size, created_at, updated_at) VALUES ('upg_media_photo_00000001', ${q(P1)}, ${q(USERS.editor.id)}, 'image', 'image/jpeg', 'beans.jpg', 480000, ${q('2'.repeat(64))}, 4000, 3000, 'Coffee beans', '["hero","autumn"]', ${q(`media/${P1}/upg_media_photo_00000001`)}, ${q(`thumbs/${P1}/upg_media_photo_00000001/abc123`)}, 30000, ${v.now - 280 * DAY}, ${v.now - 280 * DAY})`,
    ],
    async check(t) {
      const projects = await t.json<{ items: { id: string; name: string; role: string; brandKit: unknown; counts: { media: number; members: number } }[] }>(
        '/api/projects',
      );
      const project = projects.items.find((p) => p.id === P1);
      expect(project).toMatchObject({ name: 'Northwind Coffee', role: 'owner', counts: { media: 2, members: 2 } });
      expect(z.parse(brandKitInput, project!.brandKit)).toEqual(BRAND_KIT_0001);
      const media = await t.json<{ items: { id: string; tags: string[]; hasThumbnail: boolean; focal?: unknown }[] }>(`/api/projects/${P1}/media`);
      expect(media.items.find((m) => m.id === 'upg_media_photo_00000001')).toMatchObject({ tags: ['hero', 'autumn'], hasThumbnail: true });
      const members = await t.json<{ items: { userId: string; role: string }[]; invites: { id: string }[] }>(`/api/projects/${P1}/members`);
      expect(members.items).toContainEqual(expect.objectContaining({ userId: USERS.editor.id, role: 'editor' }));
      expect(members.invites.map((i) => i.id)).toContain('upg_invite_000000000001');
    },
  },

  '0002_billing_affiliate.sql': {
    rows: (v) => [
      `INSERT INTO subscriptions (user_id, plan, status, provider, provider_customer_id, provider_subscription_id, current_period_start, current_period_end, cancel_at_period_end, created_at, updated_at) VALUES (${q(USERS.owner.id)}, 'pro', 'active', 'sandbox', 'upg_cus_1', 'upg_sub_1', ${v.now - 5 * DAY}, ${v.now + 25 * DAY}, 0, ${v.now - 200 * DAY}, ${v.now - 5 * DAY})`,
      `INSERT INTO payments (id, user_id, kind, item, amount_cents, currency, provider, provider_ref, status, paid_at, created_at, updated_at) VALUES ('upg_payment_00000000001', ${q(USERS.owner.id)}, 'plan', 'pro', 1900, 'eur', 'sandbox', 'upg_ref_1', 'paid', ${v.now - 5 * DAY}, ${v.now - 5 * DAY}, ${v.now - 5 * DAY})`,
      `INSERT INTO referrals (id, affiliate_user_id, referred_user_id, created_at) VALUES ('upg_referral_0000000001', ${q(USERS.editor.id)}, ${q(USERS.owner.id)}, ${v.now - 250 * DAY})`,
      `INSERT INTO affiliate_clicks (id, affiliate_user_id, path, created_at) VALUES ('upg_click_0000000000001', ${q(USERS.editor.id)}, '/pricing', ${v.now - 251 * DAY})`,
      `INSERT INTO commissions (id, affiliate_user_id, referral_id, payment_id, amount_cents, status, available_at, created_at, updated_at) VALUES ('upg_commission_00000001', ${q(USERS.editor.id)}, 'upg_referral_0000000001', 'upg_payment_00000000001', 570, 'available', ${v.now - DAY}, ${v.now - 5 * DAY}, ${v.now - DAY})`,
      `INSERT INTO payouts (id, affiliate_user_id, amount_cents, status, decided_by, decided_at, note, created_at, updated_at) VALUES ('upg_payout_000000000001', ${q(USERS.editor.id)}, 5000, 'rejected', ${q(USERS.admin.id)}, ${v.now - 20 * DAY}, 'Below the minimum at the time', ${v.now - 21 * DAY}, ${v.now - 20 * DAY})`,
      `INSERT INTO processed_webhook_events (id, type, created_at) VALUES ('evt_upg_000000000001', 'checkout.session.completed', ${v.now - 5 * DAY})`,
      // The ledger of 0002: a delta per bucket and a reference.
      `INSERT INTO credit_ledger (id, user_id, kind, operation_key, description, monthly_delta, purchased_delta, reference, created_at) VALUES ('upg_ledger_0002_upgrade1', ${q(USERS.owner.id)}, 'grant', 'upg:upgrade:1', 'Pro plan', 0, 0, 'upg_payment_00000000001', ${v.now - 2 * DAY})`,
    ],
    async check(t) {
      expect(await t.json('/api/billing')).toMatchObject({ subscription: { plan: 'pro', status: 'active' } });
      expect((await t.login('editor')).status).toBe(200);
      const affiliate = await t.json<{ signups: number; commissions: { id: string; amountCents: number; status: string }[] }>('/api/affiliate', 'editor');
      expect(affiliate.signups).toBe(1);
      expect(affiliate.commissions).toContainEqual(expect.objectContaining({ id: 'upg_commission_00000001', amountCents: 570, status: 'available' }));
    },
  },

  '0003_cron_indexes.sql': {
    // A commission still in its hold when 0003 indexed the due ones: today's job releases it.
    rows: (v) => [
      `INSERT INTO payments (id, user_id, kind, item, amount_cents, currency, provider, provider_ref, status, paid_at, created_at, updated_at) VALUES ('upg_payment_00000000002', ${q(USERS.owner.id)}, 'credits', 'pack_100', 900, 'eur', 'sandbox', 'upg_ref_2', 'paid', ${v.now - 40 * DAY}, ${v.now - 40 * DAY}, ${v.now - 40 * DAY})`,
      `INSERT INTO commissions (id, affiliate_user_id, referral_id, payment_id, amount_cents, status, available_at, created_at, updated_at) VALUES ('upg_commission_00000002', ${q(USERS.editor.id)}, 'upg_referral_0000000001', 'upg_payment_00000000002', 270, 'pending', ${v.now - 10 * DAY}, ${v.now - 40 * DAY}, ${v.now - 40 * DAY})`,
    ],
    async check(t) {
      await t.jobs.billing(new Date());
      const [row] = await t.query<{ status: string }>(`SELECT status FROM commissions WHERE id = 'upg_commission_00000002'`);
      expect(row?.status).toBe('available');
    },
  },

  '0004_creatives.sql': {
    rows: (v) => [
      `INSERT INTO creatives (id, project_id, created_by, name, status, format, template, document, revision_id, revision_number, revision_hash, created_at, updated_at) VALUES ('upg_creative_0000000001', ${q(P1)}, ${q(USERS.owner.id)}, 'Monday beans', 'approved', 'square', 'bold-offer', ${json(CREATIVE_0004)}, 'upg_revision_0000000002', 2, 'hash2', ${v.now - 100 * DAY}, ${v.now - 90 * DAY})`,
      `INSERT INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at) VALUES ('upg_revision_0000000001', 'upg_creative_0000000001', 1, ${json({ ...CREATIVE_0004, layers: CREATIVE_0004.layers.slice(0, 3) })}, 'hash1', ${q(USERS.owner.id)}, 'created', ${v.now - 100 * DAY})`,
      `INSERT INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at) VALUES ('upg_revision_0000000002', 'upg_creative_0000000001', 2, ${json(CREATIVE_0004)}, 'hash2', ${q(USERS.editor.id)}, 'edited', ${v.now - 90 * DAY})`,
      `INSERT INTO creations (id, project_id, creative_id, revision_id, revision_number, created_by, name, format, width, height, size, r2_key, created_at) VALUES ('upg_creation_0000000001', ${q(P1)}, 'upg_creative_0000000001', 'upg_revision_0000000002', 2, ${q(USERS.owner.id)}, 'Monday beans', 'square', 1080, 1080, 120000, ${q(`creations/${P1}/upg_creation_0000000001.png`)}, ${v.now - 90 * DAY})`,
      `INSERT INTO playground_downloads (visitor_hash, day, count) VALUES ('upg_visitor', ${q(new Date(v.now).toISOString().slice(0, 10))}, 1)`,
    ],
    async check(t) {
      const creative = await t.json<{ name: string; status: string; revision: { number: number }; document: unknown; currentCreationId: string | null }>(
        '/api/creatives/upg_creative_0000000001',
      );
      expect(creative).toMatchObject({ name: 'Monday beans', status: 'approved', revision: { number: 2 }, currentCreationId: 'upg_creation_0000000001' });
      // The stored document of 0004 parses with today's schema (every later field optional).
      expect(parseCreative(creative.document).layers.map((l) => l.id)).toEqual(CREATIVE_0004.layers.map((l) => l.id));
      const revisions = await t.json<{ items: { number: number; document: unknown }[] } | { number: number; document: unknown }[]>(
        '/api/creatives/upg_creative_0000000001/revisions',
      );
      const items = Array.isArray(revisions) ? revisions : revisions.items;
      expect(items.map((r) => r.number).sort()).toEqual([1, 2]);
      for (const r of items) parseCreative(r.document);
    },
  },

  '0005_ledger_spend_index.sql': {
    rows: (v) => [
      `INSERT INTO credit_ledger (id, user_id, kind, operation_key, description, monthly_delta, purchased_delta, created_at) VALUES ('upg_ledger_0005_spend01', ${q(USERS.owner.id)}, 'spend', 'render:upg_revision_0000000002:upg_creation_0000000001', 'Render Monday beans', -1, 0, ${v.now - 90 * DAY})`,
    ],
    async check(t) {
      const ledger = await t.json<{ items: { id: string; kind: string; monthly: number }[] }>('/api/credits/ledger?kind=spend');
      expect(ledger.items).toContainEqual(expect.objectContaining({ id: 'upg_ledger_0005_spend01', kind: 'spend', monthly: -1 }));
    },
  },

  '0006_ledger_seq.sql': {
    // Two entries in the same millisecond: seq (set inside the INSERT since 0006) decides their order.
    rows: (v) => [
      `INSERT INTO credit_ledger (id, user_id, kind, operation_key, description, monthly_delta, purchased_delta, created_at, seq) VALUES ('upg_ledger_0006_expire1', ${q(USERS.owner.id)}, 'expire', 'upg:expire:1', 'Unused monthly credits expired', -5, 0, ${v.now - DAY}, (SELECT coalesce(max(seq), 0) + 1 FROM credit_ledger))`,
      `INSERT INTO credit_ledger (id, user_id, kind, operation_key, description, monthly_delta, purchased_delta, created_at, seq) VALUES ('upg_ledger_0006_grant01', ${q(USERS.owner.id)}, 'grant', 'upg:grant:2', 'Monthly credits', 500, 0, ${v.now - DAY}, (SELECT coalesce(max(seq), 0) + 1 FROM credit_ledger))`,
    ],
    async check(t) {
      const ledger = await t.json<{ items: { id: string }[] }>('/api/credits/ledger');
      const order = ledger.items.map((e) => e.id);
      // Newest first: the grant written after the expiry lists above it.
      expect(order.indexOf('upg_ledger_0006_grant01')).toBeLessThan(order.indexOf('upg_ledger_0006_expire1'));
      expect(order.indexOf('upg_ledger_0006_grant01')).toBeGreaterThanOrEqual(0);
    },
  },

  '0007_ads_instagram.sql': {
    rows: (v) => [
      `INSERT INTO ads (id, project_id, created_by, name, kind, status, primary_text, headline, description, cta, destination_url, page_name, placements, revision, preview_id, created_at, updated_at) VALUES ('upg_ad_0000000000000001', ${q(P1)}, ${q(USERS.owner.id)}, 'Monday beans ad', 'single', 'approved', 'Fresh beans every Monday.', 'Order now', 'Roasted in Hamburg', 'shop_now', 'https://northwind.example.com/order', 'Northwind Coffee', '["instagram_feed"]', 2, 'upg_preview_0000000001', ${v.now - 80 * DAY}, ${v.now - 70 * DAY})`,
      `INSERT INTO ad_items (ad_id, position, creation_id) VALUES ('upg_ad_0000000000000001', 0, 'upg_creation_0000000001')`,
      `INSERT INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('upg_review_000000000001', 'upg_ad_0000000000000001', NULL, 'Client Carla', 'carla@client.example.com', 'approve', 'Looks great', 2, ${v.now - 70 * DAY})`,
      `INSERT INTO instagram_accounts (id, project_id, connected_by, ig_user_id, username, sandbox, status, created_at, updated_at) VALUES ('upg_igaccount_000000001', ${q(P1)}, ${q(USERS.owner.id)}, 'sandbox_17841400000000001', 'northwind.coffee', 1, 'active', ${v.now - 75 * DAY}, ${v.now - 75 * DAY})`,
      `INSERT INTO oauth_states (state_hash, user_id, project_id, expires_at, created_at) VALUES (${q('01'.repeat(32))}, ${q(USERS.owner.id)}, ${q(P1)}, ${v.now - 74 * DAY}, ${v.now - 75 * DAY})`,
      `INSERT INTO data_deletion_requests (code, ig_user_id, status, accounts_deleted, created_at, completed_at) VALUES ('upgdeletioncode0001', '17841499999999999', 'completed', 1, ${v.now - 60 * DAY}, ${v.now - 60 * DAY})`,
      `INSERT INTO instagram_sandbox_media (id, ig_user_id, media_type, caption, status_code, media_id, permalink, published_at, created_at) VALUES ('upg_container_00000001', 'sandbox_17841400000000001', 'IMAGE', 'Fresh beans', 'PUBLISHED', 'upg_igmedia_0000000001', 'https://instagram.example.com/p/upg1', ${v.now - 69 * DAY}, ${v.now - 69 * DAY})`,
      `INSERT INTO scheduled_posts (id, project_id, ad_id, account_id, created_by, kind, creation_ids, caption, scheduled_at, status, attempts, next_attempt_at, container_id, media_id, permalink, published_at, created_at, updated_at) VALUES ('upg_post_00000000000001', ${q(P1)}, 'upg_ad_0000000000000001', 'upg_igaccount_000000001', ${q(USERS.owner.id)}, 'single', '["upg_creation_0000000001"]', 'Fresh beans', ${v.now - 69 * DAY}, 'published', 1, ${v.now - 69 * DAY}, 'upg_container_00000001', 'upg_igmedia_0000000001', 'https://instagram.example.com/p/upg1', ${v.now - 69 * DAY}, ${v.now - 70 * DAY}, ${v.now - 69 * DAY})`,
    ],
    async check(t) {
      const ad = await t.json<{
        name: string;
        status: string;
        placements: string[];
        items: { creationId: string }[];
        reviewCount: number;
        post: { status: string } | null;
      }>('/api/ads/upg_ad_0000000000000001');
      expect(ad).toMatchObject({ name: 'Monday beans ad', status: 'approved', placements: ['instagram_feed'], reviewCount: 1, post: { status: 'published' } });
      expect(ad.items.map((i) => i.creationId)).toEqual(['upg_creation_0000000001']);
      expect(await t.json(`/api/projects/${P1}/instagram`)).toMatchObject({ account: { username: 'northwind.coffee', sandbox: true, status: 'active' } });
      expect((await t.get('/instagram/deletion/upgdeletioncode0001')).status).toBe(200);
    },
  },

  '0008_instagram_scoped_id.sql': {
    rows: (v) => [
      `INSERT INTO projects (id, name, description, website, brand_kit, created_at, updated_at) VALUES (${q(P2)}, 'Harbour Bakery', '', NULL, ${json({ ...BRAND_KIT_0001, logoMediaId: null, colors: [] })}, ${v.now - 60 * DAY}, ${v.now - 60 * DAY})`,
      `INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES (${q(P2)}, ${q(USERS.owner.id)}, 'owner', ${v.now - 60 * DAY}, ${v.now - 60 * DAY})`,
      `INSERT INTO instagram_accounts (id, project_id, connected_by, ig_user_id, ig_scoped_user_id, username, sandbox, status, broken_reason, created_at, updated_at) VALUES ('upg_igaccount_000000002', ${q(P2)}, ${q(USERS.owner.id)}, '17841400000000002', '9900000000000002', 'harbour.bakery', 0, 'broken', 'Connect the account again.', ${v.now - 60 * DAY}, ${v.now - 30 * DAY})`,
    ],
    async check(t) {
      expect(await t.json(`/api/projects/${P2}/instagram`)).toMatchObject({ account: { username: 'harbour.bakery', sandbox: false, status: 'broken' } });
      const [row] = await t.query<{ ig_scoped_user_id: string }>(`SELECT ig_scoped_user_id FROM instagram_accounts WHERE id = 'upg_igaccount_000000002'`);
      expect(row?.ig_scoped_user_id).toBe('9900000000000002');
    },
  },

  '0009_scheduled_post_origin.sql': {
    rows: (v) => [
      `INSERT INTO ads (id, project_id, created_by, name, kind, status, placements, created_at, updated_at) VALUES ('upg_ad_0000000000000002', ${q(P1)}, ${q(USERS.owner.id)}, 'Next week', 'single', 'scheduled', '["instagram_feed"]', ${v.now - 3 * DAY}, ${v.now - 3 * DAY})`,
      `INSERT INTO ad_items (ad_id, position, creation_id) VALUES ('upg_ad_0000000000000002', 0, 'upg_creation_0000000001')`,
      `INSERT INTO scheduled_posts (id, project_id, ad_id, account_id, created_by, kind, creation_ids, caption, scheduled_at, status, attempts, next_attempt_at, origin, created_at, updated_at) VALUES ('upg_post_00000000000002', ${q(P1)}, 'upg_ad_0000000000000002', 'upg_igaccount_000000001', ${q(USERS.owner.id)}, 'single', '["upg_creation_0000000001"]', 'Next week', ${v.now + 7 * DAY}, 'scheduled', 0, ${v.now + 7 * DAY}, 'https://adloom.example.com', ${v.now - 3 * DAY}, ${v.now - 3 * DAY})`,
    ],
    async check(t) {
      expect(await t.json('/api/ads/upg_ad_0000000000000002')).toMatchObject({
        status: 'scheduled',
        post: { id: 'upg_post_00000000000002', status: 'scheduled' },
      });
    },
  },

  '0010_funnels.sql': {
    rows: (v) => {
      const day = new Date(v.now - DAY).toISOString().slice(0, 10);
      return [
        `INSERT INTO funnels (id, project_id, name, title, theme, notify_leads, created_by, created_at, updated_at) VALUES ('upg_funnel_000000000001', ${q(P1)}, 'northwind-upgrade', 'Northwind beans', ${json(THEME_0010)}, 1, ${q(USERS.owner.id)}, ${v.now - 50 * DAY}, ${v.now - 50 * DAY})`,
        `INSERT INTO funnel_pages (id, funnel_id, project_id, slug, position, title, draft, revision, published_version_id, published_revision, published_at, created_at, updated_at) VALUES ('upg_page_00000000000001', 'upg_funnel_000000000001', ${q(P1)}, 'start', 0, 'Start', ${json(PAGE_0010)}, 3, 'upg_version_00000000001', 3, ${v.now - 40 * DAY}, ${v.now - 50 * DAY}, ${v.now - 40 * DAY})`,
        `INSERT INTO funnel_page_versions (id, page_id, number, title, slug, document, published_by, created_at) VALUES ('upg_version_00000000001', 'upg_page_00000000000001', 1, 'Start', 'start', ${json({ a: PAGE_0010, b: null, splitB: 50 })}, ${q(USERS.owner.id)}, ${v.now - 40 * DAY})`,
        `INSERT INTO leads (id, funnel_id, page_id, project_id, variant, data, email, utm, referrer, created_at) VALUES ('upg_lead_00000000000001', 'upg_funnel_000000000001', 'upg_page_00000000000001', ${q(P1)}, 'a', ${json({ email: 'lena@lead.example.com', name: 'Lena' })}, 'lena@lead.example.com', ${json({ source: 'instagram' })}, 'https://instagram.com/', ${v.now - 2 * DAY})`,
        `INSERT INTO page_stats (page_id, variant, day, views, visitors, leads) VALUES ('upg_page_00000000000001', 'a', ${q(day)}, 12, 9, 1)`,
        `INSERT INTO page_sources (page_id, variant, day, kind, value, count) VALUES ('upg_page_00000000000001', 'a', ${q(day)}, 'utm_source', 'instagram', 9)`,
        `INSERT INTO page_visitors (page_id, variant, day, hash) VALUES ('upg_page_00000000000001', 'a', ${q(day)}, 'upgvisitorhash')`,
        `INSERT INTO analytics_salts (day, salt) VALUES (${q(day)}, 'upgsalt')`,
      ];
    },
    async check(t) {
      const page = await t.json<{ draft: unknown; title: string }>('/api/pages/upg_page_00000000000001');
      expect(page.title).toBe('Start');
      expect(z.parse(pageDocumentSchema, page.draft)).toEqual(PAGE_0010);
      const funnel = await t.json<{ name: string; theme: unknown }>('/api/funnels/upg_funnel_000000000001');
      expect(funnel.name).toBe('northwind-upgrade');
      expect(z.parse(funnelThemeSchema, funnel.theme)).toEqual(THEME_0010);
      const leads = await t.json<{ items: { id: string; email: string | null }[] }>('/api/funnels/upg_funnel_000000000001/leads');
      expect(leads.items).toContainEqual(expect.objectContaining({ id: 'upg_lead_00000000000001', email: 'lena@lead.example.com' }));
      // The published version is served to visitors.
      const published = await t.get('/p/northwind-upgrade/start');
      expect(published.status).toBe(200);
      expect(await published.text()).toContain('every Monday');
    },
  },

  '0011_admin.sql': {
    rows: (v) => [
      `INSERT INTO users (id, email, name, password_hash, role, plan, affiliate_code, disabled_at, created_at, updated_at) VALUES (${q(USERS.disabled.id)}, ${q(USERS.disabled.email)}, ${q(USERS.disabled.name)}, ${q(v.hash)}, 'user', 'free', 'upgdora001', ${v.now - 10 * DAY}, ${v.now - 100 * DAY}, ${v.now - 10 * DAY})`,
      `INSERT INTO audit_log (id, actor_user_id, action, target_type, target_id, details, ip, created_at) VALUES ('upg_audit_0011_00000001', ${q(USERS.admin.id)}, 'user.disable', 'user', ${q(USERS.disabled.id)}, NULL, '203.0.113.9', ${v.now - 10 * DAY})`,
    ],
    async check(t) {
      expect((await t.login('disabled')).status).toBeGreaterThanOrEqual(400);
      const users = await t.json<{ items: { id: string; disabledAt: string | null }[] }>(
        `/api/admin/users?q=${encodeURIComponent(USERS.disabled.email)}`,
        'admin',
      );
      expect(users.items.find((u) => u.id === USERS.disabled.id)?.disabledAt).toEqual(expect.any(String));
      const audit = await t.json<{ items: { id: string; ip?: string | null }[] }>('/api/admin/audit?action=user.disable', 'admin');
      expect(audit.items.find((a) => a.id === 'upg_audit_0011_00000001')).toBeDefined();
    },
  },

  '0012_presentations.sql': {
    rows: (v) => {
      const day = new Date(v.now - DAY).toISOString().slice(0, 10);
      return [
        `INSERT INTO presentations (id, slug, author_id, project_id, customer_name, headline, document, status, revision, published_at, created_at, updated_at) VALUES ('upg_presentation_000001', 'harbour-spring-upgrade', ${q(USERS.owner.id)}, ${q(P2)}, 'Harbour Bakery', 'Your spring campaign', ${json(PRESENTATION_0012)}, 'published', 2, ${v.now - 20 * DAY}, ${v.now - 25 * DAY}, ${v.now - 20 * DAY})`,
        `INSERT INTO presentation_stats (presentation_id, day, views, visitors, seconds) VALUES ('upg_presentation_000001', ${q(day)}, 4, 2, 95)`,
        `INSERT INTO presentation_section_stats (presentation_id, day, section_id, reached) VALUES ('upg_presentation_000001', ${q(day)}, 'note', 2)`,
        `INSERT INTO presentation_views (view_id, presentation_id, day, seconds, sections) VALUES ('upg_view_00000000000001', 'upg_presentation_000001', ${q(day)}, 40, '["note"]')`,
        `INSERT INTO presentation_visitors (presentation_id, day, hash) VALUES ('upg_presentation_000001', ${q(day)}, 'upgvisitor')`,
      ];
    },
    async check(t) {
      const presentation = await t.json<{ document: unknown; status: string }>('/api/presentations/upg_presentation_000001', 'admin');
      expect(presentation.status).toBe('published');
      expect(z.parse(presentationDocumentSchema, presentation.document)).toMatchObject({ headline: 'Your spring campaign' });
      const page = await t.get('/presents/harbour-spring-upgrade', 'admin');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Your spring campaign');
    },
  },

  '0013_editor.sql': {
    rows: (v) => [
      `INSERT INTO brand_fonts (id, project_id, uploaded_by, family, weight, format, size, sha256, r2_key, created_at) VALUES ('upg_font_00000000000001', ${q(P1)}, ${q(USERS.owner.id)}, 'Northwind Serif', 700, 'woff', 32000, ${q('3'.repeat(64))}, ${q(`brand-fonts/${P1}/upg_font_00000000000001`)}, ${v.now - 5 * DAY})`,
      `UPDATE media SET focal_x = 30, focal_y = 60 WHERE id = 'upg_media_photo_00000001'`,
      `INSERT INTO creatives (id, project_id, created_by, name, status, format, template, document, revision_id, revision_number, revision_hash, link_group, created_at, updated_at) VALUES ('upg_creative_0000000002', ${q(P1)}, ${q(USERS.owner.id)}, 'Monday beans (story)', 'draft', 'story', 'bold-offer', ${json({ ...CREATIVE_0004, format: 'story', layers: CREATIVE_0004.layers.map((l) => (l.type === 'text' ? { ...l, autoFit: true, locked: true } : l)) })}, 'upg_revision_0000000003', 1, 'hash3', 'upg_linkgroup_000000001', ${v.now - 5 * DAY}, ${v.now - 5 * DAY})`,
      `INSERT INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at) VALUES ('upg_revision_0000000003', 'upg_creative_0000000002', 1, ${json({ ...CREATIVE_0004, format: 'story' })}, 'hash3', ${q(USERS.owner.id)}, 'created', ${v.now - 5 * DAY})`,
      `UPDATE creatives SET link_group = 'upg_linkgroup_000000001' WHERE id = 'upg_creative_0000000001'`,
    ],
    async check(t) {
      const fonts = await t.json<{ id: string; family: string; weight: number }[] | { items: { id: string; family: string; weight: number }[] }>(
        `/api/projects/${P1}/fonts`,
      );
      const list = Array.isArray(fonts) ? fonts : fonts.items;
      expect(list).toContainEqual(expect.objectContaining({ id: 'upg_font_00000000000001', family: 'Northwind Serif', weight: 700 }));
      expect(await t.json('/api/media/upg_media_photo_00000001')).toMatchObject({ focal: { x: 30, y: 60 } });
      const story = await t.json<{ document: unknown; format: string }>('/api/creatives/upg_creative_0000000002');
      expect(parseCreative(story.document).format).toBe('story');
      const [row] = await t.query<{ n: number }>(`SELECT count(*) AS n FROM creatives WHERE link_group = 'upg_linkgroup_000000001'`);
      expect(row?.n).toBe(2);
    },
  },

  '0014_account_deletion.sql': {
    // An account in its 30-day deletion grace period (decision 0023).
    rows: (v) => [
      `INSERT INTO users (id, email, name, password_hash, role, plan, affiliate_code, deletion_requested_at, created_at, updated_at) VALUES (${q(USERS.leaving.id)}, ${q(USERS.leaving.email)}, ${q(USERS.leaving.name)}, ${q(v.hash)}, 'user', 'free', 'upglea0001', ${v.now - 3 * DAY}, ${v.now - 50 * DAY}, ${v.now - 3 * DAY})`,
    ],
    async check(t) {
      const users = await t.json<{ items: { id: string }[] }>(`/api/admin/users?q=${encodeURIComponent(USERS.leaving.email)}`, 'admin');
      expect(users.items.map((u) => u.id)).toContain(USERS.leaving.id);
      const [row] = await t.query<{ deletion_requested_at: number | null }>(`SELECT deletion_requested_at FROM users WHERE id = ${q(USERS.leaving.id)}`);
      expect(row?.deletion_requested_at).toEqual(expect.any(Number));
    },
  },

  '0015_creative_naming.sql': {
    // A creative with variations made before, one of them recorded as its variation (issue 27's naming).
    rows: () => [
      `UPDATE creatives SET variations_made = 2 WHERE id = 'upg_creative_0000000001'`,
      `UPDATE creatives SET variation_of = 'upg_creative_0000000001' WHERE id = 'upg_creative_0000000002'`,
    ],
    async check(t) {
      // Creatives named before the upgrade keep their names: they do not follow their headline.
      expect(await t.json('/api/creatives/upg_creative_0000000002')).toMatchObject({ name: 'Monday beans (story)' });
      const rows = await t.query<{ id: string; name_from_headline: number; variations_made: number; variation_of: string | null }>(
        `SELECT id, name_from_headline, variations_made, variation_of FROM creatives WHERE id LIKE 'upg_creative_%' ORDER BY id`,
      );
      expect(rows.slice(0, 2)).toEqual([
        { id: 'upg_creative_0000000001', name_from_headline: 0, variations_made: 2, variation_of: null },
        { id: 'upg_creative_0000000002', name_from_headline: 0, variations_made: 0, variation_of: 'upg_creative_0000000001' },
      ]);
    },
  },

  '0016_user_locale.sql': {
    // Nothing new to write (a statement is required): every account made before the upgrade speaks English until its owner chooses (issue 28).
    rows: () => [`UPDATE users SET updated_at = updated_at WHERE id = ${q(USERS.owner.id)}`],
    async check(t) {
      expect(await t.json('/api/me')).toMatchObject({ id: USERS.owner.id, locale: 'en' });
      const rows = await t.query<{ locale: string }>(`SELECT DISTINCT locale FROM users WHERE id LIKE 'upg_user_%'`);
      expect(rows).toEqual([{ locale: 'en' }]);
    },
  },

  '0017_content_locale.sql': {
    // Projects and funnels made before: their customers read English until someone chooses (issue 28).
    rows: () => [`UPDATE funnels SET updated_at = updated_at WHERE id = 'upg_funnel_000000000001'`],
    async check(t) {
      expect(await t.json('/api/funnels/upg_funnel_000000000001')).toMatchObject({ id: 'upg_funnel_000000000001', locale: 'en' });
      const rows = await t.query<{ locale: string }>(`SELECT DISTINCT locale FROM projects WHERE id IN (${q(P1)}, ${q(P2)})`);
      expect(rows).toEqual([{ locale: 'en' }]);
      // The published page still answers, now with its language.
      expect(await (await t.get('/p/northwind-upgrade/start')).text()).toMatch(/^<!doctype html><html lang="en">/);
    },
  },

  '0018_user_time_zone.sql': {
    // Accounts made before have no time zone until their browser sends one (issue 28): null, read as the browser's in the workspace and UTC in emails.
    rows: () => [`UPDATE users SET updated_at = updated_at WHERE id = ${q(USERS.owner.id)}`],
    async check(t) {
      expect(await t.json('/api/me')).toMatchObject({ id: USERS.owner.id, timeZone: null });
      const rows = await t.query<{ time_zone: string | null }>(`SELECT DISTINCT time_zone FROM users WHERE id LIKE 'upg_user_%'`);
      expect(rows).toEqual([{ time_zone: null }]);
    },
  },

  '0019_media_attribution.sql': {
    // Files uploaded before the photo source (issue 29) have no credit: null, and the API leaves it out.
    rows: () => [`UPDATE media SET updated_at = updated_at WHERE id = 'upg_media_photo_00000001'`],
    async check(t) {
      const detail = await t.json<Record<string, unknown>>('/api/media/upg_media_photo_00000001');
      expect(detail).toMatchObject({ id: 'upg_media_photo_00000001', name: 'beans.jpg' });
      expect(detail.attribution).toBeUndefined();
      const rows = await t.query<{ attribution: string | null }>(`SELECT DISTINCT attribution FROM media WHERE id LIKE 'upg_media_%'`);
      expect(rows).toEqual([{ attribution: null }]);
    },
  },

  '0020_scheduled_posts_by_ad.sql': {
    // An index only (issue 30 point 5): posts made before are found through it, newest first, as before.
    rows: () => [`UPDATE scheduled_posts SET updated_at = updated_at WHERE ad_id = 'upg_ad_0000000000000001'`],
    async check(t) {
      const ads = await t.json<{ items: { id: string; post: { status: string } | null }[] }>(`/api/projects/${P1}/ads`);
      expect(ads.items.find((ad) => ad.id === 'upg_ad_0000000000000001')?.post).toMatchObject({ status: 'published' });
      const plan = await t.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT id FROM scheduled_posts WHERE ad_id = 'upg_ad_0000000000000001' ORDER BY created_at DESC`,
      );
      expect(plan.map((row) => row.detail).join('\n')).toContain('USING INDEX scheduled_posts_ad_idx');
    },
  },

  '0021_api_keys.sql': {
    // Project API keys (issue 31): one in use, one revoked. The owner's list shows the live one with
    // its scopes, prefix, creator and last use, never its hash; the revoked one is left out.
    rows: ({ now }) => [
      `INSERT INTO api_keys (id, project_id, name, scopes, prefix, secret_hash, created_by, created_at, last_used_at, last_used_ip)
       VALUES ('upg_key_000000000000001', '${P1}', 'Shop sync', '["read","render"]', 'adl_Upg1Key1', '${'a'.repeat(64)}', '${USERS.owner.id}', ${now - 3_600_000}, ${now - 60_000}, '203.0.113.7')`,
      `INSERT INTO api_keys (id, project_id, name, scopes, prefix, secret_hash, created_by, created_at, revoked_at)
       VALUES ('upg_key_000000000000002', '${P1}', 'Old CRM', '["leads"]', 'adl_Upg2Key2', '${'b'.repeat(64)}', '${USERS.owner.id}', ${now - 7_200_000}, ${now - 1_800_000})`,
    ],
    async check(t) {
      const list = await t.json<{ items: Record<string, unknown>[] }>(`/api/projects/${P1}/api-keys`);
      const shop = list.items.find((key) => key.id === 'upg_key_000000000000001');
      expect(shop).toMatchObject({
        name: 'Shop sync',
        scopes: ['read', 'render'],
        prefix: 'adl_Upg1Key1',
        createdBy: USERS.owner.name,
        lastUsedIp: '203.0.113.7',
      });
      expect(JSON.stringify(list)).not.toContain('a'.repeat(64));
      expect(list.items.map((key) => key.id)).not.toContain('upg_key_000000000000002');
    },
  },
  '0022_webhooks.sql': {
    // Webhooks (issue 31): an endpoint switched off after failures, with one delivered and one
    // given-up delivery. The owner's list shows it off for that reason, never its sealed secret;
    // its log shows both deliveries with their answers, newest first.
    rows: ({ now }) => [
      `INSERT INTO webhook_endpoints (id, project_id, url, events, secret_sealed, secret_key_id, disabled_at, disabled_reason, created_by, created_at, updated_at)
       VALUES ('upg_hook_00000000000001', '${P1}', 'https://hooks.example.com/adloom', '["lead.created","ad.approved"]', 'v1.sealedsecret', 'abcd1234', ${now - 60_000}, 'failing', '${USERS.owner.id}', ${now - 7_200_000}, ${now - 60_000})`,
      `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id, type, payload, status, attempts, deadline_at, last_status_code, last_latency_ms, last_response, last_attempt_at, created_at)
       VALUES ('upg_delivery_000000001', 'msg_upg1', 'upg_hook_00000000000001', '${P1}', 'lead.created', '{}', 'delivered', 1, ${now + 3_600_000}, 200, 85, 'ok', ${now - 3_000_000}, ${now - 3_000_000})`,
      `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, project_id, type, payload, status, attempts, deadline_at, last_status_code, last_latency_ms, last_response, last_attempt_at, created_at)
       VALUES ('upg_delivery_000000002', 'msg_upg2', 'upg_hook_00000000000001', '${P1}', 'ad.approved', '{}', 'failed', 10, ${now - 120_000}, 503, 40, 'down', ${now - 120_000}, ${now - 2_000_000})`,
    ],
    async check(t) {
      const list = await t.json<{ items: Record<string, unknown>[] }>(`/api/projects/${P1}/webhooks`);
      expect(list.items).toEqual([
        expect.objectContaining({
          id: 'upg_hook_00000000000001',
          url: 'https://hooks.example.com/adloom',
          events: ['lead.created', 'ad.approved'],
          enabled: false,
          disabledReason: 'failing',
        }),
      ]);
      expect(JSON.stringify(list)).not.toContain('sealedsecret');
      const log = await t.json<{ items: Record<string, unknown>[] }>(`/api/projects/${P1}/webhooks/upg_hook_00000000000001/deliveries`);
      expect(log.items).toMatchObject([
        { id: 'upg_delivery_000000002', status: 'failed', statusCode: 503, attempts: 10, nextAttemptAt: null },
        { id: 'upg_delivery_000000001', status: 'delivered', statusCode: 200, latencyMs: 85, response: 'ok' },
      ]);
    },
  },
  '0023_idempotency_keys.sql': {
    // A new table and an index (issue 31, decision 0044): the creatives made before are found by
    // their document's hash through the index, as the public API's renders look them up; a kept
    // answer reads back as stored.
    rows: ({ now }) => [
      `INSERT INTO idempotency_keys (project_id, key, request_hash, status, body, created_at, expires_at)
       VALUES ('${P1}', 'order-1001', '${'c'.repeat(64)}', 201, '{"id":"x"}', ${now - 2 * 86_400_000}, ${now - 86_400_000})`,
    ],
    async check(t) {
      const plan = await t.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT id FROM creatives WHERE project_id = '${P1}' AND revision_hash = 'hash2' AND deleted_at IS NULL`,
      );
      expect(plan.map((row) => row.detail).join('\n')).toContain('creatives_project_hash_idx');
      const [found] = await t.query<{ id: string }>(`SELECT id FROM creatives WHERE project_id = '${P1}' AND revision_hash = 'hash2'`);
      expect(found).toEqual({ id: 'upg_creative_0000000001' });
      expect(await t.query(`SELECT key FROM idempotency_keys WHERE project_id = '${P1}'`)).toEqual([{ key: 'order-1001' }]);
    },
  },
  '0024_batches.sql': {
    // Two new tables (issue 31 point 6, decision 0046): a run of bulk creatives and its rows, the
    // creative it was made of, the runs listed newest first through their index.
    rows: ({ now }) => [
      `INSERT INTO batches (id, project_id, creative_id, kind, created_by, name, format, document, status, total, done, failed, credits, touched_at, created_at, finished_at)
       VALUES ('upg_batch_00000000001', '${P1}', 'upg_creative_0000000001', 'batch', '${USERS.owner.id}', 'Spring sale', 'square', '{}', 'done', 2, 1, 1, 1, ${now - 60_000}, ${now - 120_000}, ${now - 60_000})`,
      `INSERT INTO batch_rows (batch_id, idx, status, input, creation_id, error)
       VALUES ('upg_batch_00000000001', 0, 'done', '{}', NULL, NULL), ('upg_batch_00000000001', 1, 'failed', '{}', NULL, 'No layer is named “Price”.')`,
    ],
    async check(t) {
      const plan = await t.query<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT id FROM batches WHERE project_id = '${P1}' ORDER BY created_at DESC LIMIT 20`);
      expect(plan.map((row) => row.detail).join('\n')).toContain('batches_project_created_idx');
      expect(await t.query(`SELECT idx, status, error FROM batch_rows WHERE batch_id = 'upg_batch_00000000001' ORDER BY idx`)).toEqual([
        { idx: 0, status: 'done', error: null },
        { idx: 1, status: 'failed', error: 'No layer is named “Price”.' },
      ]);
    },
  },
  '0025_approval_chains.sql': {
    // A table and two columns (issue 32 point 2, decision 0050): a project without a chain keeps the
    // single approval it had (`required`), an ad in review waits at the first level, its thread names no level.
    rows: ({ now }) => [
      `INSERT INTO ads (id, project_id, created_by, name, kind, status, placements, revision, created_at, updated_at) VALUES ('upg_ad_0000000000000003', '${P1}', '${USERS.owner.id}', 'Waiting for Carla', 'single', 'in_review', '["instagram_feed"]', 1, ${now - 2 * DAY}, ${now - DAY})`,
      `INSERT INTO ad_items (ad_id, position, creation_id) VALUES ('upg_ad_0000000000000003', 0, 'upg_creation_0000000001')`,
      `INSERT INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('upg_review_000000000003', 'upg_ad_0000000000000003', NULL, 'Client Carla', NULL, 'comment', 'Almost there', 1, ${now - DAY})`,
      `INSERT INTO approval_chains (project_id, mode, levels, version, updated_at) VALUES ('${P2}', 'levels', ${json([{ name: 'Client', userIds: [], emails: ['carla@client.example.com'] }])}, 3, ${now - DAY})`,
    ],
    async check(t) {
      expect(await t.json(`/api/projects/${P1}/approval-chain`)).toMatchObject({ mode: 'required', levels: [] });
      expect(await t.json('/api/ads/upg_ad_0000000000000003')).toMatchObject({ status: 'in_review', approval: { mode: 'required', waitingAt: null } });
      expect(await t.json('/api/ads/upg_ad_0000000000000003/reviews')).toMatchObject({
        items: [{ reviewerName: 'Client Carla', decision: 'comment', level: null }],
      });
      expect(await t.query(`SELECT approval_level FROM ads WHERE id = 'upg_ad_0000000000000003'`)).toEqual([{ approval_level: 0 }]);
      // A project's own chain reads back as it was saved.
      expect(await t.query(`SELECT mode, levels, version FROM approval_chains WHERE project_id = '${P2}'`)).toEqual([
        { mode: 'levels', levels: JSON.stringify([{ name: 'Client', userIds: [], emails: ['carla@client.example.com'] }]), version: 3 },
      ]);
    },
  },
  '0026_ad_scheduled_from.sql': {
    // A column (decision 0050): an ad scheduled before it knows no status it was scheduled from
    // (null); a canceled post then puts it back as approved under the single approval it had.
    rows: ({ now }) => [
      `INSERT INTO ads (id, project_id, created_by, name, kind, status, placements, revision, approval_level, created_at, updated_at) VALUES ('upg_ad_0000000000000004', '${P1}', '${USERS.owner.id}', 'Scheduled before', 'single', 'scheduled', '["instagram_feed"]', 1, 0, ${now - 2 * DAY}, ${now - DAY})`,
    ],
    async check(t) {
      expect(await t.query(`SELECT status, scheduled_from FROM ads WHERE id = 'upg_ad_0000000000000004'`)).toEqual([
        { status: 'scheduled', scheduled_from: null },
      ]);
      expect(await t.json('/api/ads/upg_ad_0000000000000004')).toMatchObject({ status: 'scheduled', approval: { mode: 'required', waitingAt: null } });
    },
  },
  '0027_ad_pins.sql': {
    // A table (issue 32 point 1, decision 0052): an ad from before has no pins; a pin and its
    // reply written at this migration read back numbered, with the thread.
    rows: ({ now }) => [
      `INSERT INTO ad_pins (id, ad_id, parent_id, number, item, x, y, start, "end", quote, revision, user_id, author_name, body, created_at) VALUES ('upg_pin_00000000000001', 'upg_ad_0000000000000003', NULL, 1, 0, 0.25, 0.5, NULL, NULL, NULL, 1, NULL, 'Client Carla', 'Brighter here', ${now - DAY})`,
      `INSERT INTO ad_pins (id, ad_id, parent_id, number, item, x, y, start, "end", quote, revision, user_id, author_name, body, created_at) VALUES ('upg_pin_00000000000002', 'upg_ad_0000000000000003', 'upg_pin_00000000000001', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1, '${USERS.owner.id}', 'Olivia', 'On it', ${now - DAY + 1000})`,
    ],
    async check(t) {
      expect(await t.json('/api/ads/upg_ad_0000000000000004/pins')).toEqual({ revision: 1, items: [] });
      expect(await t.json('/api/ads/upg_ad_0000000000000003/pins')).toMatchObject({
        items: [{ number: 1, item: 0, x: 0.25, y: 0.5, earlier: false, authorName: 'Client Carla', replies: [{ body: 'On it', member: true }] }],
      });
    },
  },
  '0028_review_boards.sql': {
    // A table (issue 32 point 3, decision 0053): a project had no board before it; one made after
    // it is the project's one live board, found by its token's hash, and the ad waiting in review
    // (0025's fixture) is on it.
    rows: ({ now }) => [
      `INSERT INTO review_boards (id, project_id, token_hash, created_by, created_at) VALUES ('upg_board_000000000001', '${P1}', 'upg-hash', '${USERS.owner.id}', ${now - DAY})`,
    ],
    async check(t) {
      expect(await t.json(`/api/projects/${P1}/review-board`)).toMatchObject({ board: { id: 'upg_board_000000000001', lastUsedAt: null } });
      const plan = await t.query<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT id FROM review_boards WHERE project_id = '${P1}' AND revoked_at IS NULL`);
      expect(plan.map((row) => row.detail).join('\n')).toContain('review_boards_live_idx');
    },
  },
  '0029_calendar_feeds.sql': {
    // A table and an index (issue 32 point 4, decision 0054): a feed made at this level is the
    // owner's live feed afterwards; posts scheduled before it show on the calendar, read through
    // the new index of a project's posts by time.
    rows: ({ now }) => [
      `INSERT INTO calendar_feeds (id, user_id, token_hash, created_at) VALUES ('upg_feed_0000000000001', '${USERS.owner.id}', 'upg-feed-hash', ${now - DAY})`,
      `INSERT INTO scheduled_posts (id, project_id, ad_id, kind, creation_ids, caption, scheduled_at, status, attempts, next_attempt_at, created_at, updated_at)
       VALUES ('upg_post_00000000000029', '${P1}', 'upg_ad_0000000000000004', 'single', '["upg_creation_0000000001"]', '', ${now + DAY}, 'scheduled', 0, ${now + DAY}, ${now}, ${now})`,
    ],
    async check(t) {
      const feed = await t.json<{ url: string | null; createdAt: string | null }>('/api/calendar/feed');
      expect(feed.url).toMatch(/\/ical\/[^/]+\.ics$/);
      expect(await t.query(`SELECT count(*) AS n FROM calendar_feeds WHERE revoked_at IS NULL`)).toEqual([{ n: 1 }]);
      const from = new Date(Date.now()).toISOString();
      const to = new Date(Date.now() + 7 * DAY).toISOString();
      const calendar = await t.json<{ items: { postId: string; adName: string; status: string }[] }>(`/api/calendar?from=${from}&to=${to}`);
      expect(calendar.items).toContainEqual(expect.objectContaining({ postId: 'upg_post_00000000000029', adName: 'Scheduled before', status: 'scheduled' }));
      const plan = await t.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN SELECT id FROM scheduled_posts WHERE project_id = '${P1}' AND scheduled_at >= 0 AND scheduled_at < 1 ORDER BY scheduled_at`,
      );
      expect(plan.map((row) => row.detail).join('\n')).toContain('scheduled_posts_project_time_idx');
    },
  },
  '0030_post_insights.sql': {
    // Two tables (issue 32 point 5, decision 0055): a post published before them has no figures until
    // the job meets it (it meets only the last 30 days'); a row read back as the job writes it.
    rows: ({ now }) => [
      `INSERT INTO post_insights (post_id, project_id, ad_id, account_id, kind, media_id, caption, permalink, published_at, state, fetched_at, next_fetch_at, reach, likes, comments, saves, shares, views) VALUES ('upg_post_00000000000001', '${P1}', 'upg_ad_0000000000000001', 'upg_igaccount_000000001', 'single', 'upg_igmedia_0000000001', 'Fresh beans', 'https://instagram.example.com/p/upg1', ${now - 69 * DAY}, 'ok', ${now - 40 * DAY}, ${Date.UTC(9999, 0, 1)}, 1520, 98, 12, 31, 7, 2380)`,
      `INSERT INTO insight_pauses (account_id, paused_until, strikes) VALUES ('upg_igaccount_000000001', ${now + 15 * 60 * 1000}, 1)`,
    ],
    async check(t) {
      expect(await t.json('/api/ads/upg_ad_0000000000000001/insights')).toMatchObject({
        reconnect: false,
        insight: { state: 'ok', reach: 1520, likes: 98, comments: 12, saves: 31, shares: 7, views: 2380, engagement: 148 },
      });
      expect(await t.json(`/api/projects/${P1}/insights`)).toMatchObject({ items: [{ postId: 'upg_post_00000000000001', caption: 'Fresh beans' }] });
      expect(await t.query(`SELECT strikes FROM insight_pauses WHERE account_id = 'upg_igaccount_000000001'`)).toEqual([{ strikes: 1 }]);
    },
  },
  '0031_presentation_talk.sql': {
    // Three tables (decision 0056): a recipient of the presentation from before, a visitor's
    // request and a visit through the recipient's link; its call to action stays a link.
    rows: ({ now }) => [
      `INSERT INTO presentation_recipients (id, presentation_id, name, email, code, created_at) VALUES ('upg_recipient_000000001', 'upg_presentation_000001', 'Carla Client', 'carla@client.example.com', 'upgRecipientCode', ${now - 2 * DAY})`,
      `INSERT INTO presentation_requests (id, presentation_id, kind, name, email, message, locale, created_at) VALUES ('upg_request_00000000001', 'upg_presentation_000001', 'interest', 'Ivy', 'ivy@example.com', 'Call me', 'en', ${now - DAY})`,
      `INSERT INTO presentation_visits (view_id, presentation_id, recipient_id, started_at, seconds, sections) VALUES ('upg_visit_0000000000001', 'upg_presentation_000001', 'upg_recipient_000000001', ${now - DAY}, 40, ${json({ note: 40 })})`,
    ],
    async check(t) {
      expect(await t.json('/api/presentations/upg_presentation_000001/talk', 'admin')).toMatchObject({
        recipients: [{ id: 'upg_recipient_000000001', name: 'Carla Client', path: '/presents/harbour-spring-upgrade?r=upgRecipientCode', visits: 1 }],
        requests: [{ kind: 'interest', name: 'Ivy', grantedAt: null }],
        visits: [{ seconds: 40, recipient: { name: 'Carla Client' }, sections: [{ id: 'note', seconds: 40 }] }],
      });
      const presentation = await t.json<{ document: { sections: { type: string; props: { action?: string } }[] } }>(
        '/api/presentations/upg_presentation_000001',
        'admin',
      );
      for (const section of presentation.document.sections.filter((s) => s.type === 'cta')) expect(section.props.action).toBe('link');
    },
  },
  '0032_published_posts_index.sql': {
    // An index only: the posts published before it are found through it by the insights job's
    // look for new posts (status and time, a range).
    rows: () => [],
    async check(t) {
      const since = Date.now() - 80 * DAY;
      const look = `SELECT id FROM scheduled_posts WHERE status = 'published' AND published_at >= ${since} ORDER BY published_at`;
      expect(await t.query(look)).toContainEqual({ id: 'upg_post_00000000000001' });
      const plan = await t.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${look}`);
      expect(plan.map((row) => row.detail).join('\n')).toContain('scheduled_posts_published_idx');
    },
  },
};
