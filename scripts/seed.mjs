// Seeds the local D1 database with demo data, idempotently (INSERT OR IGNORE on
// fixed ids). Usage: npm exec -- node scripts/seed.mjs [--persist-to <dir>] (Node ≥ 22.18:
// it imports the TypeScript templates directly). The data itself is in scripts/seed-data.mjs;
// this module turns it into rows, with times relative to now.
import { createCipheriv, createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib.mjs';
import { canonicalJson } from '../common/creative/document.ts';
import { buildTemplate } from '../common/creative/templates.ts';
import { themeFromBrandKit } from '../common/schemas/blocks-theme.ts';
import {
  DEMO_USERS,
  SEED_BRAND_KIT,
  SEED_CONTACT_MESSAGES,
  SEED_CREATIONS,
  SEED_CREATIVE_COPY,
  SEED_CREATIVES,
  SEED_FUNNEL,
  SEED_FUNNEL_IMAGE,
  SEED_FUNNEL_PAGES,
  SEED_LEADS,
  SEED_MEDIA,
  SEED_PRESENTATION_ITEMS,
  SEED_PRESENTATION_PASSWORD,
  SEED_PREVIEW_ID,
  SEED_PROJECT,
  SEED_REGULARS_AD,
  SEED_SPRING_AD,
} from './seed-data.mjs';

// What other modules import from the seed (the demo users for sign-ins, the seeded ids, files and slugs).
export {
  DEMO_USERS,
  SEED_CREATIONS,
  SEED_FUNNEL,
  SEED_FUNNEL_PAGES,
  SEED_MEDIA,
  SEED_PRESENTATION_PASSWORD,
  SEED_PRESENTATIONS,
  SEED_PREVIEW_ID,
} from './seed-data.mjs';

const FREE_MONTHLY_CREDITS = 25; // common/plans.ts PLANS.free.creditsPerMonth

function b64url(buffer) {
  return buffer.toString('base64').replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The same format as worker/lib/crypto.ts hashPassword. */
function hashPassword(password) {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password.normalize('NFKC'), salt, 100_000, 32, 'sha256');
  return `pbkdf2-sha256$100000$${b64url(salt)}$${b64url(hash)}`;
}

const q = (value) => `'${String(value).replaceAll("'", "''")}'`;

export function seedSql(now = Date.now()) {
  const periodEnd = new Date(now);
  periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
  const lines = [];
  for (const user of DEMO_USERS) {
    lines.push(
      `INSERT OR IGNORE INTO users (id, email, name, password_hash, role, plan, affiliate_code, created_at, updated_at) VALUES (${q(user.id)}, ${q(user.email)}, ${q(user.name)}, ${q(hashPassword(user.password))}, ${q(user.role)}, 'free', ${q(user.affiliateCode)}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO credit_balances (user_id, monthly, purchased, period_start, period_end, created_at, updated_at) VALUES (${q(user.id)}, ${FREE_MONTHLY_CREDITS}, 0, ${now}, ${periodEnd.getTime()}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO credit_ledger (id, user_id, kind, monthly_delta, purchased_delta, operation_key, description, created_at, seq) VALUES (${q(`seed_grant_${user.id}`)}, ${q(user.id)}, 'grant_monthly', ${FREE_MONTHLY_CREDITS}, 0, ${q(`seed:grant_monthly:${user.id}`)}, 'Free plan: monthly credits', ${now}, (SELECT coalesce(max(seq), 0) + 1 FROM credit_ledger));`,
    );
  }
  const brandKit = JSON.stringify(SEED_BRAND_KIT);
  lines.push(
    `INSERT OR IGNORE INTO projects (id, name, description, website, brand_kit, created_at, updated_at) VALUES ('seed_project_northwind_01', ${q(SEED_PROJECT.name)}, ${q(SEED_PROJECT.description)}, ${q(SEED_PROJECT.website)}, ${q(brandKit)}, ${now}, ${now});`,
    `INSERT OR IGNORE INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ('seed_project_northwind_01', 'seed_demo_user_000000001', 'owner', ${now}, ${now});`,
  );
  // Three creatives from the templates, in the project's brand (one per review state).
  const brand = JSON.parse(brandKit);
  const copy = SEED_CREATIVE_COPY;
  const creatives = SEED_CREATIVES;
  creatives.forEach((c, i) => {
    const doc = buildTemplate(c.template, { brand, format: c.format, copy: { ...copy, ...c.copy } });
    const json = JSON.stringify(doc);
    const hash = createHash('sha256').update(canonicalJson(doc), 'utf8').digest('hex');
    const at = now - (creatives.length - i) * 60_000;
    const revision = `${c.id}_r1`;
    lines.push(
      `INSERT OR IGNORE INTO creatives (id, project_id, created_by, name, status, format, template, document, revision_id, revision_number, revision_hash, created_at, updated_at) VALUES (${q(c.id)}, 'seed_project_northwind_01', 'seed_demo_user_000000001', ${q(c.name)}, ${q(c.status)}, ${q(c.format)}, ${q(c.template)}, ${q(json)}, ${q(revision)}, 1, ${q(hash)}, ${at}, ${at});`,
      `INSERT OR IGNORE INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at) VALUES (${q(revision)}, ${q(c.id)}, 1, ${q(json)}, ${q(hash)}, 'seed_demo_user_000000001', 'created', ${at});`,
    );
  });
  lines.push(...adSeedSql(now));
  lines.push(...funnelSeedSql(now, brand));
  lines.push(...presentationSeedSql(now));
  lines.push(...adminSeedSql(now));
  return lines.join('\n');
}

/**
 * The live creation of a seeded creative's first revision: the seeded one, or the one a
 * developer rendered before the seed had creations (a revision has one live creation).
 */
const liveCreation = (creativeId) => `(SELECT id FROM creations WHERE revision_id = ${q(`${creativeId}_r1`)} AND deleted_at IS NULL LIMIT 1)`;

/** The contact form's messages for the admin area (SEED_CONTACT_MESSAGES), with the audit entry of the handled one. */
function adminSeedSql(now) {
  const hour = 60 * 60 * 1000;
  const messages = SEED_CONTACT_MESSAGES.map((m) => ({ ...m, at: now - m.hoursAgo * hour }));
  const lines = [];
  for (const m of messages) {
    const handledAt = m.handled ? m.at + 2 * hour : null;
    lines.push(
      `INSERT OR IGNORE INTO contact_messages (id, name, email, message, handled_at, created_at, updated_at) VALUES (${q(m.id)}, ${q(m.name)}, ${q(m.email)}, ${q(m.message)}, ${handledAt ?? 'NULL'}, ${m.at}, ${handledAt ?? m.at});`,
    );
    if (handledAt) {
      const details = JSON.stringify({ before: { handledAt: null }, after: { handledAt: new Date(handledAt).toISOString() }, from: m.email });
      lines.push(
        `INSERT OR IGNORE INTO audit_log (id, actor_user_id, action, target_type, target_id, details, ip, created_at) VALUES (${q(`seed_audit_${m.id}`)}, 'seed_demo_admin_00000001', 'contact.handled', 'contact_message', ${q(m.id)}, ${q(details)}, '127.0.0.1', ${handledAt});`,
      );
    }
  }
  return lines;
}

function adSeedSql(now) {
  const lines = [];
  const owner = 'seed_demo_user_000000001';
  for (const c of SEED_CREATIONS) {
    lines.push(
      `INSERT OR IGNORE INTO creations (id, project_id, creative_id, revision_id, revision_number, created_by, name, format, width, height, size, r2_key, created_at) VALUES (${q(c.id)}, 'seed_project_northwind_01', ${q(c.creativeId)}, ${q(`${c.creativeId}_r1`)}, 1, ${q(owner)}, ${q(c.name)}, ${q(c.format)}, ${c.width}, ${c.height}, ${statSync(c.path).size}, ${q(c.key)}, ${now - 3_600_000});`,
    );
  }
  const spring = SEED_SPRING_AD;
  lines.push(
    `INSERT OR IGNORE INTO ads (id, project_id, created_by, name, kind, status, primary_text, headline, description, cta, destination_url, page_name, placements, revision, preview_id, created_at, updated_at) VALUES (${q(spring.id)}, 'seed_project_northwind_01', ${q(owner)}, ${q(spring.name)}, 'single', 'in_review', ${q(spring.primaryText)}, ${q(spring.headline)}, ${q(spring.description)}, ${q(spring.cta)}, ${q(spring.destinationUrl)}, ${q(spring.pageName)}, ${q(JSON.stringify(spring.placements))}, 1, ${q(SEED_PREVIEW_ID)}, ${now - 1_800_000}, ${now - 1_800_000});`,
    `INSERT OR IGNORE INTO ad_items (ad_id, position, creation_id) SELECT ${q(spring.id)}, 0, ${liveCreation('seed_creative_northwind_1')};`,
    `INSERT OR IGNORE INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('seed_review_northwind_spring_1', ${q(spring.id)}, ${q(owner)}, 'Dana Demo', 'demo@example.com', 'comment', ${q(spring.comment)}, 1, ${now - 1_700_000});`,
  );
  lines.push(...instagramSeedSql(now));
  return lines;
}

const DAY = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Northwind's spring funnel (issue 12; its pages are SEED_FUNNEL_PAGES), all published, with a
 * week of views and a few leads, so that /funnels, /pages and the funnel's analytics show
 * something real from the first start.
 */
function funnelSeedSql(now, brand) {
  const owner = 'seed_demo_user_000000001';
  const project = 'seed_project_northwind_01';
  const funnel = 'seed_funnel_northwind_spring1';
  const hero = SEED_FUNNEL_IMAGE;
  const pages = SEED_FUNNEL_PAGES;
  const published = now - 7 * DAY;
  const lines = [];
  for (const m of SEED_MEDIA) {
    const bytes = readFileSync(m.path);
    const thumbnailSize = readFileSync(m.thumbnailPath).length;
    lines.push(
      `INSERT OR IGNORE INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, alt, tags, r2_key, thumbnail_key, thumbnail_size, created_at, updated_at) VALUES (${q(m.id)}, ${q(project)}, ${q(owner)}, 'image', 'image/png', ${q(m.name)}, ${bytes.length}, ${q(createHash('sha256').update(bytes).digest('hex'))}, ${m.width}, ${m.height}, ${q(hero.alt)}, ${q(JSON.stringify(['spring']))}, ${q(m.key)}, ${q(m.thumbnailKey)}, ${thumbnailSize}, ${published - DAY}, ${published - DAY});`,
    );
  }
  lines.push(
    `INSERT OR IGNORE INTO funnels (id, project_id, name, title, theme, notify_leads, created_by, created_at, updated_at) VALUES (${q(funnel)}, ${q(project)}, ${q(SEED_FUNNEL.name)}, 'Spring blend launch', ${q(JSON.stringify(themeFromBrandKit(brand)))}, 0, ${q(owner)}, ${published - DAY}, ${published - DAY});`,
  );
  pages.forEach((p, position) => {
    const version = `${p.id}_v1`;
    const doc = { a: p.a, b: p.b, splitB: p.split };
    lines.push(
      `INSERT OR IGNORE INTO funnel_pages (id, funnel_id, project_id, slug, position, title, draft, draft_b, split_b, revision, published_version_id, published_revision, published_at, created_at, updated_at) VALUES (${q(p.id)}, ${q(funnel)}, ${q(project)}, ${q(p.slug)}, ${position}, ${q(p.title)}, ${q(JSON.stringify(p.a))}, ${p.b ? q(JSON.stringify(p.b)) : 'NULL'}, ${p.split}, 1, ${q(version)}, 1, ${published}, ${published - DAY}, ${published});`,
      `INSERT OR IGNORE INTO funnel_page_versions (id, page_id, number, title, slug, document, published_by, created_at) VALUES (${q(version)}, ${q(p.id)}, 1, ${q(p.title)}, ${q(p.slug)}, ${q(JSON.stringify(doc))}, ${q(owner)}, ${published});`,
    );
  });
  // A week of analytics: deterministic numbers, B converting a little better than A; every
  // lead counted in the stats is a lead row, so the table and the charts agree.
  const [offer, thanksPage, storyPage] = pages.map((p) => p.id);
  const { first, last, roasts } = SEED_LEADS;
  let n = 0;
  for (let d = 6; d >= 0; d--) {
    const day = dayOf(now - d * DAY);
    const wave = 1 + ((d * 37) % 5) / 10;
    const rows = [
      [offer, 'a', Math.round(46 * wave), Math.round(38 * wave), Math.round(3 * wave)],
      [offer, 'b', Math.round(44 * wave), Math.round(36 * wave), Math.round(5 * wave)],
      [thanksPage, 'a', Math.round(8 * wave), Math.round(8 * wave), 0],
      [storyPage, 'a', Math.round(18 * wave), Math.round(15 * wave), 0],
    ];
    for (const [page, variant, views, visitors, leads] of rows) {
      lines.push(
        `INSERT OR IGNORE INTO page_stats (page_id, variant, day, views, visitors, leads) VALUES (${q(page)}, ${q(variant)}, ${q(day)}, ${views}, ${visitors}, ${leads});`,
      );
      for (let i = 0; i < leads; i++, n++) {
        const name = `${first[n % first.length]} ${last[(n * 7) % last.length]}`;
        const email = `${name.toLowerCase().replace(' ', '.')}${n}@example.com`;
        const source = n % 4 === 3 ? 'facebook' : 'instagram';
        const at = Math.min(now - d * DAY + 3_600_000 * (8 + ((n * 5) % 12)) - 12 * 3_600_000, now - 60_000);
        const utm = { source, medium: 'paid_social', campaign: 'spring-blend', term: '', content: variant === 'a' ? 'roasted-this-morning' : 'first-bag-free' };
        lines.push(
          `INSERT OR IGNORE INTO leads (id, funnel_id, page_id, project_id, variant, data, email, utm, referrer, created_at) VALUES (${q(`seed_lead_northwind_${String(n + 1).padStart(6, '0')}`)}, ${q(funnel)}, ${q(page)}, ${q(project)}, ${q(variant)}, ${q(JSON.stringify({ name, email, roast: roasts[n % 3], consent: true }))}, ${q(email)}, ${q(JSON.stringify(utm))}, ${q(source === 'facebook' ? 'https://l.facebook.com/' : 'https://l.instagram.com/')}, ${at});`,
        );
      }
    }
    for (const [variant, share] of [
      ['a', 0.52],
      ['b', 0.48],
    ]) {
      for (const [kind, value, count] of [
        ['utm_source', 'instagram', 30],
        ['utm_source', 'facebook', 9],
        ['referrer', 'l.instagram.com', 24],
        ['referrer', 'www.google.com', 6],
      ]) {
        lines.push(
          `INSERT OR IGNORE INTO page_sources (page_id, variant, day, kind, value, count) VALUES (${q(offer)}, ${q(variant)}, ${q(day)}, ${q(kind)}, ${q(value)}, ${Math.round(count * share * wave)});`,
        );
      }
    }
  }
  return lines;
}

/**
 * Presentations (issue 13): the six of SEED_PRESENTATION_ITEMS, authored by the admin and
 * published (one protected by a password, one expired), and a week of visits for Northwind's.
 */
function presentationSeedSql(now) {
  const author = 'seed_demo_admin_00000001';
  const items = SEED_PRESENTATION_ITEMS;
  const lines = [];
  items.forEach((item, i) => {
    const at = now - (items.length - i) * 3_600_000;
    const passwordHash = item.password ? q(hashPassword(SEED_PRESENTATION_PASSWORD)) : 'NULL';
    lines.push(
      `INSERT OR IGNORE INTO presentations (id, slug, author_id, project_id, customer_name, customer_logo_media_id, headline, document, status, revision, password_hash, expires_at, published_at, created_at, updated_at) VALUES (${q(item.id)}, ${q(item.slug)}, ${q(author)}, ${item.project ? q(item.project) : 'NULL'}, ${q(item.doc.customerName)}, NULL, ${q(item.doc.headline)}, ${q(JSON.stringify(item.doc))}, 'published', 1, ${passwordHash}, ${item.expiredDaysAgo === null ? 'NULL' : now - item.expiredDaysAgo * DAY}, ${at}, ${at - DAY}, ${at});`,
    );
  });
  // A week of visits for Northwind's presentation, so its statistics show something real.
  for (let d = 6; d >= 0; d -= 1) {
    const day = dayOf(now - d * DAY);
    const visitors = [3, 5, 4, 8, 6, 9, 4][6 - d];
    lines.push(
      `INSERT OR IGNORE INTO presentation_stats (presentation_id, day, views, visitors, seconds) VALUES ('seed_presentation_northwind_01', ${q(day)}, ${visitors + 2}, ${visitors}, ${visitors * 95});`,
    );
    for (const [section, share] of [
      ['hero', 1],
      ['intro', 0.9],
      ['creatives', 0.8],
      ['ads', 0.7],
      ['pages', 0.6],
      ['pricing', 0.5],
      ['voices', 0.4],
      ['cta', 0.35],
    ]) {
      lines.push(
        `INSERT OR IGNORE INTO presentation_section_stats (presentation_id, day, section_id, reached) VALUES ('seed_presentation_northwind_01', ${q(day)}, ${q(section)}, ${Math.round((visitors + 2) * share)});`,
      );
    }
  }
  return lines;
}

/** TOKEN_ENCRYPTION_KEY as the local worker reads it (.dev.vars, else the example's development key). */
function localTokenKey() {
  for (const name of ['.dev.vars', '.dev.vars.example']) {
    const path = join(import.meta.dirname, '..', name);
    if (!existsSync(path)) continue;
    const found = /^TOKEN_ENCRYPTION_KEY\s*=\s*"?([^"\n]+)"?/m.exec(readFileSync(path, 'utf8'));
    if (found) return found[1].trim();
  }
  throw new Error('TOKEN_ENCRYPTION_KEY is not in .dev.vars or .dev.vars.example');
}

/** The same format as worker/lib/crypto.ts sealSecret: v1.<iv>.<ciphertext+tag>, AES-256-GCM, the context as additional data. */
function sealSecret(keyBase64, plaintext, context) {
  const key = Buffer.from(keyBase64, 'base64');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { sealed: `v1.${b64url(iv)}.${b64url(data)}`, keyId: createHash('sha256').update(key).digest('hex').slice(0, 8) };
}

/** Northwind's sandbox Instagram account and the ad published to it (through the same rows the publishing job writes). */
function instagramSeedSql(now) {
  const owner = 'seed_demo_user_000000001';
  const project = 'seed_project_northwind_01';
  const account = 'seed_ig_northwind_sandbox01';
  const igUser = `sandbox_${account}`;
  const token = sealSecret(localTokenKey(), 'sandbox', `instagram:${project}`);
  const ad = SEED_REGULARS_AD.id;
  const caption = SEED_REGULARS_AD.caption;
  const at = now - 86_400_000;
  const mediaId = 'sbxseednorthwind01';
  // Relative, so that the link works on whatever port the local server runs.
  const permalink = `/instagram/sandbox/${account}#${mediaId}`;
  const creations = `json_array(${liveCreation('seed_creative_northwind_3')})`;
  return [
    `INSERT OR IGNORE INTO instagram_accounts (id, project_id, connected_by, ig_user_id, username, sandbox, token_sealed, token_key_id, token_refreshed_at, status, created_at, updated_at) VALUES (${q(account)}, ${q(project)}, ${q(owner)}, ${q(igUser)}, ${q(SEED_REGULARS_AD.account)}, 1, ${q(token.sealed)}, ${q(token.keyId)}, ${now}, 'active', ${at - 3_600_000}, ${at - 3_600_000});`,
    `INSERT OR IGNORE INTO ads (id, project_id, created_by, name, kind, status, primary_text, headline, description, cta, destination_url, page_name, placements, revision, created_at, updated_at) VALUES (${q(ad)}, ${q(project)}, ${q(owner)}, ${q(SEED_REGULARS_AD.name)}, 'single', 'published', ${q(caption)}, ${q(SEED_REGULARS_AD.headline)}, '', ${q(SEED_REGULARS_AD.cta)}, ${q(SEED_REGULARS_AD.destinationUrl)}, ${q(SEED_REGULARS_AD.pageName)}, ${q(JSON.stringify(SEED_REGULARS_AD.placements))}, 1, ${at - 7_200_000}, ${at});`,
    `INSERT OR IGNORE INTO ad_items (ad_id, position, creation_id) SELECT ${q(ad)}, 0, ${liveCreation('seed_creative_northwind_3')};`,
    `INSERT OR IGNORE INTO ad_reviews (id, ad_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('seed_review_northwind_regulars_1', ${q(ad)}, ${q(SEED_REGULARS_AD.review.name)}, ${q(SEED_REGULARS_AD.review.email)}, ${q(SEED_REGULARS_AD.review.decision)}, ${q(SEED_REGULARS_AD.review.comment)}, 1, ${at - 3_600_000});`,
    `INSERT OR IGNORE INTO instagram_sandbox_media (id, ig_user_id, media_type, is_carousel_item, creation_ids, caption, status_code, media_id, permalink, published_at, created_at) VALUES ('seed_container_northwind_01', ${q(igUser)}, 'IMAGE', 0, ${creations}, ${q(caption)}, 'PUBLISHED', ${q(mediaId)}, ${q(permalink)}, ${at}, ${at});`,
    `INSERT OR IGNORE INTO scheduled_posts (id, project_id, ad_id, account_id, created_by, kind, creation_ids, caption, scheduled_at, status, attempts, next_attempt_at, container_id, media_id, permalink, published_at, created_at, updated_at) VALUES ('seed_post_northwind_regulars1', ${q(project)}, ${q(ad)}, ${q(account)}, ${q(owner)}, 'single', ${creations}, ${q(caption)}, ${at}, 'published', 1, ${at}, 'seed_container_northwind_01', ${q(mediaId)}, ${q(permalink)}, ${at}, ${at}, ${at});`,
  ];
}

/** The seeded media's thumbnails, as R2 objects (key, file, type). */
export function seedThumbnails() {
  return SEED_MEDIA.map((m) => ({ key: m.thumbnailKey, path: m.thumbnailPath, contentType: 'image/jpeg' }));
}

/** Puts the seeded creations' pictures into the local R2 bucket (idempotent: same key, same bytes). */
function seedObjects(persistTo) {
  for (const c of [...SEED_CREATIONS, ...SEED_MEDIA, ...seedThumbnails()]) {
    const args = ['r2', 'object', 'put', `adloom-media/${c.key}`, '--local', `--file=${c.path}`, `--content-type=${c.contentType ?? 'image/png'}`];
    if (persistTo) args.push(`--persist-to=${persistTo}`);
    run('wrangler', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

export function seed(persistTo) {
  const dir = mkdtempSync(join(tmpdir(), 'adloom-seed-'));
  const file = join(dir, 'seed.sql');
  writeFileSync(file, seedSql());
  const args = ['d1', 'execute', 'DB', '--local', `--file=${file}`];
  if (persistTo) args.push(`--persist-to=${persistTo}`);
  run('wrangler', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(dir, { recursive: true, force: true });
  seedObjects(persistTo);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf('--persist-to');
  seed(index > 0 ? process.argv[index + 1] : undefined);
  console.log('✔ Demo data seeded');
}
