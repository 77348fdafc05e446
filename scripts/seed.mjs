// Seeds the local D1 database with demo data, idempotently (INSERT OR IGNORE on
// fixed ids). Usage: npm exec -- node scripts/seed.mjs [--persist-to <dir>] (Node ≥ 22.18:
// it imports the TypeScript templates directly).
import { createCipheriv, createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib.mjs';
import { canonicalJson } from '../common/creative/document.ts';
import { buildTemplate } from '../common/creative/templates.ts';

export const DEMO_USERS = [
  { id: 'seed_demo_user_000000001', email: 'demo@example.com', name: 'Dana Demo', password: 'adloom-demo-2026', role: 'user', affiliateCode: 'dana2026' },
  { id: 'seed_demo_admin_00000001', email: 'admin@example.com', name: 'Alex Admin', password: 'adloom-admin-2026', role: 'admin', affiliateCode: 'alex2026' },
];

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
  const brandKit = JSON.stringify({
    logoMediaId: null,
    colors: ['#3b2a20', '#c8a27a', '#f4efe9'],
    headingFont: 'playfair-display',
    bodyFont: 'inter',
    tone: 'Warm, unhurried, proud of the craft.',
  });
  lines.push(
    `INSERT OR IGNORE INTO projects (id, name, description, website, brand_kit, created_at, updated_at) VALUES ('seed_project_northwind_01', 'Northwind Coffee', 'Specialty roaster with three cafés', 'https://northwind.example', ${q(brandKit)}, ${now}, ${now});`,
    `INSERT OR IGNORE INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ('seed_project_northwind_01', 'seed_demo_user_000000001', 'owner', ${now}, ${now});`,
  );
  // Three creatives from the templates, in the project's brand (one per review state).
  const brand = JSON.parse(brandKit);
  const copy = { headline: 'Roasted this morning, in your cup by nine', body: 'Single-origin beans from three farms we know by name.', cta: 'Find a café' };
  const creatives = [
    { id: 'seed_creative_northwind_1', name: 'Morning roast (square)', template: 'bold-headline', format: 'square', status: 'approved' },
    { id: 'seed_creative_northwind_2', name: 'Morning roast (story)', template: 'gradient-promo', format: 'story', status: 'in_review' },
    {
      id: 'seed_creative_northwind_3',
      name: 'What our regulars say',
      template: 'quote-card',
      format: 'portrait',
      status: 'draft',
      copy: { headline: 'The best flat white in town, and they remember my name.', body: 'Mara, a regular since 2019' },
    },
  ];
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
  return lines.join('\n');
}

/** Rendered pictures of two seeded creatives (made by Adloom's renderer), for the seeded ads. */
export const SEED_CREATIONS = [
  {
    id: 'seed_creation_northwind_1',
    creativeId: 'seed_creative_northwind_1',
    name: 'Morning roast (square)',
    format: 'square',
    width: 1080,
    height: 1080,
    file: 'northwind-morning-roast-square.png',
  },
  {
    id: 'seed_creation_northwind_3',
    creativeId: 'seed_creative_northwind_3',
    name: 'What our regulars say',
    format: 'portrait',
    width: 1080,
    height: 1350,
    file: 'northwind-regulars-portrait.png',
  },
].map((c) => ({ ...c, key: `creations/seed_project_northwind_01/${c.id}.png`, path: join(import.meta.dirname, 'seed-assets', c.file) }));

/**
 * The live creation of a seeded creative's first revision: the seeded one, or the one a
 * developer rendered before the seed had creations (a revision has one live creation).
 */
const liveCreation = (creativeId) => `(SELECT id FROM creations WHERE revision_id = ${q(`${creativeId}_r1`)} AND deleted_at IS NULL LIMIT 1)`;

/** The ad in review whose preview link the README and the demo use. */
export const SEED_PREVIEW_ID = 'seed_preview_northwind_spring_0001';

function adSeedSql(now) {
  const lines = [];
  const owner = 'seed_demo_user_000000001';
  for (const c of SEED_CREATIONS) {
    lines.push(
      `INSERT OR IGNORE INTO creations (id, project_id, creative_id, revision_id, revision_number, created_by, name, format, width, height, size, r2_key, created_at) VALUES (${q(c.id)}, 'seed_project_northwind_01', ${q(c.creativeId)}, ${q(`${c.creativeId}_r1`)}, 1, ${q(owner)}, ${q(c.name)}, ${q(c.format)}, ${c.width}, ${c.height}, ${statSync(c.path).size}, ${q(c.key)}, ${now - 3_600_000});`,
    );
  }
  const spring = 'seed_ad_northwind_spring_01';
  lines.push(
    `INSERT OR IGNORE INTO ads (id, project_id, created_by, name, kind, status, primary_text, headline, description, cta, destination_url, page_name, placements, revision, preview_id, created_at, updated_at) VALUES (${q(spring)}, 'seed_project_northwind_01', ${q(owner)}, 'Spring blend launch', 'single', 'in_review', ${q('Our spring blend is here: bright, nutty and roasted this morning in small batches. Come taste it in any of our three cafés this week, or have a bag delivered to your door. ☕ #northwindcoffee #springblend #specialtycoffee')}, 'Spring blend: roasted this morning', 'Free delivery in town this week', 'shop_now', 'https://northwind.example/spring', 'Northwind Coffee', ${q(JSON.stringify(['instagram_feed', 'instagram_story', 'instagram_reels', 'facebook_feed']))}, 1, ${q(SEED_PREVIEW_ID)}, ${now - 1_800_000}, ${now - 1_800_000});`,
    `INSERT OR IGNORE INTO ad_items (ad_id, position, creation_id) SELECT ${q(spring)}, 0, ${liveCreation('seed_creative_northwind_1')};`,
    `INSERT OR IGNORE INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('seed_review_northwind_spring_1', ${q(spring)}, ${q(owner)}, 'Dana Demo', 'demo@example.com', 'comment', ${q('Ready for Mara at Northwind: the story and reels use the square picture for now.')}, 1, ${now - 1_700_000});`,
  );
  lines.push(...instagramSeedSql(now));
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
  const ad = 'seed_ad_northwind_regulars_01';
  const caption =
    '“The best flat white in town, and they remember my name.” Thank you, Mara, for five years of mornings with us. ❤️ #northwindcoffee #regulars';
  const at = now - 86_400_000;
  const mediaId = 'sbxseednorthwind01';
  // Relative, so that the link works on whatever port the local server runs.
  const permalink = `/instagram/sandbox/${account}#${mediaId}`;
  const creations = `json_array(${liveCreation('seed_creative_northwind_3')})`;
  return [
    `INSERT OR IGNORE INTO instagram_accounts (id, project_id, connected_by, ig_user_id, username, sandbox, token_sealed, token_key_id, token_refreshed_at, status, created_at, updated_at) VALUES (${q(account)}, ${q(project)}, ${q(owner)}, ${q(igUser)}, 'northwind.coffee.sandbox', 1, ${q(token.sealed)}, ${q(token.keyId)}, ${now}, 'active', ${at - 3_600_000}, ${at - 3_600_000});`,
    `INSERT OR IGNORE INTO ads (id, project_id, created_by, name, kind, status, primary_text, headline, description, cta, destination_url, page_name, placements, revision, created_at, updated_at) VALUES (${q(ad)}, ${q(project)}, ${q(owner)}, 'What our regulars say', 'single', 'published', ${q(caption)}, 'Five years of mornings', '', 'learn_more', 'https://northwind.example/story', 'Northwind Coffee', ${q(JSON.stringify(['instagram_feed']))}, 1, ${at - 7_200_000}, ${at});`,
    `INSERT OR IGNORE INTO ad_items (ad_id, position, creation_id) SELECT ${q(ad)}, 0, ${liveCreation('seed_creative_northwind_3')};`,
    `INSERT OR IGNORE INTO ad_reviews (id, ad_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('seed_review_northwind_regulars_1', ${q(ad)}, 'Mara Jensen', 'mara@northwind.example', 'approve', 'Lovely — go ahead!', 1, ${at - 3_600_000});`,
    `INSERT OR IGNORE INTO instagram_sandbox_media (id, ig_user_id, media_type, is_carousel_item, creation_ids, caption, status_code, media_id, permalink, published_at, created_at) VALUES ('seed_container_northwind_01', ${q(igUser)}, 'IMAGE', 0, ${creations}, ${q(caption)}, 'PUBLISHED', ${q(mediaId)}, ${q(permalink)}, ${at}, ${at});`,
    `INSERT OR IGNORE INTO scheduled_posts (id, project_id, ad_id, account_id, created_by, kind, creation_ids, caption, scheduled_at, status, attempts, next_attempt_at, container_id, media_id, permalink, published_at, created_at, updated_at) VALUES ('seed_post_northwind_regulars1', ${q(project)}, ${q(ad)}, ${q(account)}, ${q(owner)}, 'single', ${creations}, ${q(caption)}, ${at}, 'published', 1, ${at}, 'seed_container_northwind_01', ${q(mediaId)}, ${q(permalink)}, ${at}, ${at}, ${at});`,
  ];
}

/** Puts the seeded creations' pictures into the local R2 bucket (idempotent: same key, same bytes). */
function seedObjects(persistTo) {
  for (const c of SEED_CREATIONS) {
    const args = ['r2', 'object', 'put', `adloom-media/${c.key}`, '--local', `--file=${c.path}`, '--content-type=image/png'];
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
