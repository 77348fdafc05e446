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
import { blockSamples, themeFromBrandKit } from '../common/schemas/blocks.ts';

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
  lines.push(...funnelSeedSql(now, brand));
  lines.push(...presentationSeedSql(now));
  lines.push(...adminSeedSql(now));
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

/**
 * Messages from the contact form for the admin area (two open, one handled by the admin,
 * with its audit entry), so that /admin shows what it does on a fresh database.
 */
function adminSeedSql(now) {
  const hour = 60 * 60 * 1000;
  const messages = [
    {
      id: 'seed_contact_message_0001',
      name: 'Priya Patel',
      email: 'priya@brightsmile.example',
      message: 'We are a dental practice with two locations. Can the Agency plan manage both brands, and can our receptionist approve ads without an account?',
      at: now - 3 * hour,
      handled: false,
    },
    {
      id: 'seed_contact_message_0002',
      name: 'Tom Berger',
      email: 'tom@bergerbikes.example',
      message: 'Is there an invoice with our VAT number for the Pro plan? We need it for March.',
      at: now - 26 * hour,
      handled: false,
    },
    {
      id: 'seed_contact_message_0003',
      name: 'Lena Vogt',
      email: 'lena@vogt-studio.example',
      message: 'Thanks for the quick help with the Instagram connection, it works now.',
      at: now - 72 * hour,
      handled: true,
    },
  ];
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
  const spring = 'seed_ad_northwind_spring_01';
  lines.push(
    `INSERT OR IGNORE INTO ads (id, project_id, created_by, name, kind, status, primary_text, headline, description, cta, destination_url, page_name, placements, revision, preview_id, created_at, updated_at) VALUES (${q(spring)}, 'seed_project_northwind_01', ${q(owner)}, 'Spring blend launch', 'single', 'in_review', ${q('Our spring blend is here: bright, nutty and roasted this morning in small batches. Come taste it in any of our three cafés this week, or have a bag delivered to your door. ☕ #northwindcoffee #springblend #specialtycoffee')}, 'Spring blend: roasted this morning', 'Free delivery in town this week', 'shop_now', 'https://northwind.example/spring', 'Northwind Coffee', ${q(JSON.stringify(['instagram_feed', 'instagram_story', 'instagram_reels', 'facebook_feed']))}, 1, ${q(SEED_PREVIEW_ID)}, ${now - 1_800_000}, ${now - 1_800_000});`,
    `INSERT OR IGNORE INTO ad_items (ad_id, position, creation_id) SELECT ${q(spring)}, 0, ${liveCreation('seed_creative_northwind_1')};`,
    `INSERT OR IGNORE INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ('seed_review_northwind_spring_1', ${q(spring)}, ${q(owner)}, 'Dana Demo', 'demo@example.com', 'comment', ${q('Ready for Mara at Northwind: the story and reels use the square picture for now.')}, 1, ${now - 1_700_000});`,
  );
  lines.push(...instagramSeedSql(now));
  return lines;
}

/** The published demo funnel: its pages are served at /p/northwind-spring/{slug}. */
export const SEED_FUNNEL = { name: 'northwind-spring', pages: ['offer', 'thanks', 'story'] };

/** A picture for the funnel's pages: the square creation, also stored as a media item of the project. */
export const SEED_MEDIA = [
  {
    id: 'seed_media_northwind_hero01',
    name: 'morning-roast.png',
    width: 1080,
    height: 1080,
    file: 'northwind-morning-roast-square.png',
  },
].map((m) => ({ ...m, key: `media/seed_project_northwind_01/${m.id}`, path: join(import.meta.dirname, 'seed-assets', m.file) }));

const DAY = 86_400_000;
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * Northwind's spring funnel (issue 12): a landing page with a form and an A/B test on its
 * headline → a thank-you page, and a story page without a form (no JavaScript at all), all
 * published, with a week of views and a few leads, so that /funnels, /pages and the funnel's
 * analytics show something real from the first start.
 */
function funnelSeedSql(now, brand) {
  const owner = 'seed_demo_user_000000001';
  const project = 'seed_project_northwind_01';
  const funnel = 'seed_funnel_northwind_spring1';
  const hero = { mediaId: SEED_MEDIA[0].id, alt: 'A cup of Northwind coffee with the words “Roasted this morning”' };
  const seo = (title, description) => ({ title, description, image: hero });
  const form = {
    ...blockSamples.form,
    title: 'Taste the spring blend for free',
    intro: 'Leave your details and we email you a voucher for a free 250 g bag.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'roast', label: 'Favourite roast', type: 'select', required: true, options: ['Light', 'Medium', 'Dark'] },
      { name: 'consent', label: 'Consent', type: 'checkbox', required: true, consentText: 'I agree that Northwind Coffee may email me about my voucher.' },
    ],
    submitLabel: 'Send my voucher',
    successMessage: 'Thank you! Your voucher is on its way.',
  };
  const heroA = {
    ...blockSamples.hero,
    eyebrow: 'Spring blend 2026',
    heading: 'Roasted this morning, in your cup by nine',
    subheading: 'Bright, nutty and roasted in small batches in Hamburg. Your first bag is on us.',
    primary: { label: 'Get my free bag', href: '#signup' },
    secondary: { label: 'Why Northwind', href: '#why' },
    image: hero,
  };
  const offerBlocks = (heroProps) => [
    { id: 'hero', type: 'hero', props: heroProps },
    { id: 'why', type: 'features', props: blockSamples.features },
    { id: 'voices', type: 'testimonials', props: blockSamples.testimonials },
    { id: 'faq', type: 'faq', props: blockSamples.faq },
    { id: 'signup', type: 'form', props: form },
    { id: 'footer', type: 'footer', props: blockSamples.footer },
  ];
  const offerA = {
    blocks: offerBlocks(heroA),
    seo: seo(
      'Northwind spring blend: your first bag free',
      'Single-origin coffee roasted in Hamburg every Monday. Try the spring blend: your first 250 g bag is free.',
    ),
  };
  const offerB = {
    ...offerA,
    blocks: offerBlocks({
      ...heroA,
      heading: 'Your first bag of the spring blend is free',
      subheading: 'Single-origin beans, roasted every Monday in Hamburg and at your door by Wednesday.',
    }),
  };
  const thanks = {
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          ...blockSamples.hero,
          eyebrow: 'Thank you',
          heading: 'Your voucher is on its way',
          subheading: 'Check your inbox in a minute. Until then, read how we roast.',
          primary: { label: 'Our story', href: '/p/northwind-spring/story' },
          secondary: null,
          image: null,
          layout: 'centered',
        },
      },
      { id: 'footer', type: 'footer', props: blockSamples.footer },
    ],
    seo: seo('Thank you · Northwind Coffee', 'Your voucher for a free bag of the Northwind spring blend is on its way.'),
  };
  const story = {
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          ...heroA,
          eyebrow: 'Since 2014',
          heading: 'Three farms, one roaster, no shortcuts',
          subheading: 'How a garage roastery became three cafés in Hamburg.',
          primary: { label: 'Get your first bag free', href: '/p/northwind-spring/offer' },
          secondary: null,
        },
      },
      { id: 'story', type: 'text', props: blockSamples.text },
      { id: 'why', type: 'features', props: blockSamples.features },
      { id: 'voices', type: 'testimonials', props: blockSamples.testimonials },
      { id: 'footer', type: 'footer', props: blockSamples.footer },
    ],
    seo: seo('Our story · Northwind Coffee', 'From a garage in 2014 to three cafés: how Northwind Coffee sources and roasts its beans.'),
  };
  const pages = [
    { id: 'seed_page_northwind_offer001', slug: 'offer', title: 'Spring offer', a: offerA, b: offerB, split: 50 },
    { id: 'seed_page_northwind_thanks01', slug: 'thanks', title: 'Thank you', a: thanks, b: null, split: 50 },
    { id: 'seed_page_northwind_story001', slug: 'story', title: 'Our story', a: story, b: null, split: 50 },
  ];
  const published = now - 7 * DAY;
  const lines = [];
  for (const m of SEED_MEDIA) {
    const bytes = readFileSync(m.path);
    lines.push(
      `INSERT OR IGNORE INTO media (id, project_id, uploaded_by, kind, mime, name, size, sha256, width, height, alt, tags, r2_key, created_at, updated_at) VALUES (${q(m.id)}, ${q(project)}, ${q(owner)}, 'image', 'image/png', ${q(m.name)}, ${bytes.length}, ${q(createHash('sha256').update(bytes).digest('hex'))}, ${m.width}, ${m.height}, ${q(hero.alt)}, ${q(JSON.stringify(['spring']))}, ${q(m.key)}, ${published - DAY}, ${published - DAY});`,
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
  const first = ['Mara', 'Jonas', 'Sofia', 'Emil', 'Lea', 'Noah', 'Ida', 'Paul', 'Clara', 'Finn', 'Maja', 'Ben', 'Nora', 'Luis'];
  const last = ['Jensen', 'Weber', 'Rossi', 'Hansen', 'Schmidt', 'Petersen', 'Novak', 'Keller', 'Berg', 'Meyer', 'Costa', 'Lindqvist'];
  const roasts = ['Light', 'Medium', 'Dark'];
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

/** The password of the seeded protected presentation (for the demo and the browser tests; never printed). */
export const SEED_PRESENTATION_PASSWORD = 'northwind-pitch-2026';

/**
 * Presentations (issue 13): six pitch pages for different customers and campaigns, authored by
 * the admin (affiliate code alex2026 on their calls to action), published; Northwind's shows
 * the seeded creatives, ads and funnel pages. One is protected by a password, one has expired.
 */
export const SEED_PRESENTATIONS = [
  'northwind-spring-2026',
  'harbor-dental-new-patients',
  'lumen-yoga-january',
  'fjord-outdoor-black-friday',
  'copperpot-bistro-private',
  'atlas-bikes-summer-2025',
];

function presentationSeedSql(now) {
  const author = 'seed_demo_admin_00000001';
  const pricing = (heading, plans) => ({ heading, intro: 'Everything included: strategy, creatives, ads and landing pages.', plans });
  const plan = (name, price, period, description, features, highlighted) => ({
    name,
    price,
    period,
    description,
    features,
    button: { label: `Choose ${name}`, href: '#cta' },
    highlighted,
  });
  const quotes = (items) => ({ heading: 'What our clients say', items: items.map(([quote, name, role]) => ({ quote, name, role, avatar: null, rating: 5 })) });
  const cta = (heading, label, href) => ({
    id: 'cta',
    type: 'cta',
    props: { heading, text: 'Twenty minutes, no slides: we walk you through the plan and the numbers.', label, href, background: 'primary' },
  });
  const hero = (subheading, buttonLabel = 'Book a call') => ({
    id: 'hero',
    type: 'hero',
    props: { eyebrow: '', subheading, image: null, buttonLabel, background: 'surface' },
  });
  const intro = { id: 'intro', type: 'intro', props: { heading: 'Why we wrote this for you', signature: 'Alex, Adloom Studio' } };
  const theme = (primary, heading, body = 'inter', radius = 'medium') => ({
    colors: { primary, background: '#ffffff', surface: '#f5f4f2', text: '#1c1917', muted: '#57534e' },
    fonts: { heading, body },
    radius,
  });
  const standardPlans = [
    plan('Launch', '€2,400', 'one-off', 'A campaign in four weeks.', ['6 creatives in every format', '2 ads with approval links', '1 landing page'], false),
    plan(
      'Grow',
      '€1,450',
      'per month',
      'Our most chosen package.',
      ['12 creatives a month', 'Ads published to Instagram', 'A/B-tested landing pages', 'Monthly report'],
      true,
    ),
  ];
  const items = [
    {
      id: 'seed_presentation_northwind_01',
      slug: SEED_PRESENTATIONS[0],
      project: 'seed_project_northwind_01',
      doc: {
        customerName: 'Northwind Coffee',
        logo: null,
        headline: 'A spring that smells of fresh coffee',
        intro:
          'Dear Mara,\n\nthank you for the tour of the roastery. Here is what we would do this spring: creatives in your colours, ads your regulars will stop for, and a landing page that turns a click into a first bag.',
        theme: theme('#7c4a2d', 'playfair-display'),
        sections: [
          hero('Instagram ads, a landing page with an offer and a story page, ready in three weeks.'),
          intro,
          {
            id: 'creatives',
            type: 'creatives',
            props: {
              heading: 'Creatives we made for you',
              intro: 'Rendered in your brand kit, for the feed and stories.',
              items: [
                { creationId: 'seed_creation_northwind_1', caption: 'Morning roast, feed 1:1' },
                { creationId: 'seed_creation_northwind_3', caption: 'What our regulars say, feed 4:5' },
              ],
            },
          },
          {
            id: 'ads',
            type: 'adPreviews',
            props: {
              heading: 'Your ads in the feed',
              intro: 'As your customers would see them.',
              items: [{ adId: 'seed_ad_northwind_spring_01' }, { adId: 'seed_ad_northwind_regulars_01' }],
            },
          },
          {
            id: 'pages',
            type: 'funnelPages',
            props: {
              heading: 'Where the clicks land',
              intro: 'Live now: try the form.',
              items: [
                { pageId: 'seed_page_northwind_offer001', caption: 'The spring offer with a sign-up form and an A/B test on the headline.', screenshot: null },
                { pageId: 'seed_page_northwind_story001', caption: 'Your story, for people who want to know who roasts their coffee.', screenshot: null },
              ],
              liveLinks: true,
            },
          },
          { id: 'pricing', type: 'pricing', props: pricing('Two ways to start', standardPlans) },
          {
            id: 'voices',
            type: 'testimonials',
            props: quotes([
              ['Our Saturday queue doubled in the first month of ads.', 'Jonas Berg', 'Owner, Berg Bakery'],
              ['The approval links saved us a dozen emails per campaign.', 'Lea Novak', 'Marketing, Vela Wines'],
            ]),
          },
          cta('Let’s make it a spring to remember', 'Book a call with Alex', 'https://cal.example.com/alex/northwind'),
        ],
      },
      expires: null,
      password: false,
    },
    {
      id: 'seed_presentation_harbor_0001',
      slug: SEED_PRESENTATIONS[1],
      doc: {
        customerName: 'Harbor Dental',
        logo: null,
        headline: 'Forty new patients a month, without discounts',
        intro:
          'Dear Dr. Okafor,\n\nyour practice has the reviews; people just do not find you yet. We would change that with calm, trustworthy ads and one booking page.',
        theme: theme('#0f6e8c', 'montserrat'),
        sections: [
          hero('Local Instagram and Facebook ads that lead to a booking page with free first check-ups.', 'See the plan'),
          intro,
          { id: 'pricing', type: 'pricing', props: pricing('The plan', standardPlans) },
          { id: 'voices', type: 'testimonials', props: quotes([['Bookings went from 9 to 31 a week.', 'Dr. Ines Vogt', 'Vogt Orthodontics']]) },
          cta('Ready for a fuller calendar?', 'Book a call', 'https://cal.example.com/alex/harbor'),
        ],
      },
      expires: null,
      password: false,
    },
    {
      id: 'seed_presentation_lumen_00001',
      slug: SEED_PRESENTATIONS[2],
      doc: {
        customerName: 'Lumen Yoga',
        logo: null,
        headline: 'A January campaign that fills your beginner classes',
        intro: 'Hi Sofia,\n\nJanuary is when people look for a new routine. Here is how we would make sure they find Lumen first.',
        theme: theme('#6d28d9', 'poppins', 'inter', 'large'),
        sections: [
          hero('Stories and reels with your teachers, a trial-week landing page and weekly numbers.'),
          intro,
          {
            id: 'pricing',
            type: 'pricing',
            props: pricing('One campaign, one price', [
              plan('New year', '€1,900', 'January', 'Four weeks, all included.', ['8 story creatives', 'Trial-week landing page', 'Weekly report'], true),
            ]),
          },
          cta('Start the year full', 'Sign up with Adloom', '/redirect'),
        ],
      },
      expires: null,
      password: false,
    },
    {
      id: 'seed_presentation_fjord_00001',
      slug: SEED_PRESENTATIONS[3],
      doc: {
        customerName: 'Fjord Outdoor',
        logo: null,
        headline: 'Black Friday, done calmly',
        intro: 'Hello Erik,\n\nno countdown panic: a clear offer, three creatives a day and a page that sells the jackets, not the discount.',
        theme: theme('#1f5135', 'space-grotesk', 'inter', 'small'),
        sections: [
          hero('A five-day plan for Black Friday week, from teaser to last call.'),
          intro,
          { id: 'pricing', type: 'pricing', props: pricing('Black Friday week', standardPlans) },
          {
            id: 'voices',
            type: 'testimonials',
            props: quotes([
              ['Best Black Friday we had, and no discount deeper than 20 %.', 'Mia Lund', 'Founder, Lund Knitwear'],
              ['They answered within the hour, every day of the week.', 'Tomás Ruiz', 'Ecommerce lead, Sierra Gear'],
            ]),
          },
          cta('Let’s plan your week', 'Book a call', 'https://cal.example.com/alex/fjord'),
        ],
      },
      expires: null,
      password: false,
    },
    {
      id: 'seed_presentation_copperpot01',
      slug: SEED_PRESENTATIONS[4],
      doc: {
        customerName: 'Copperpot Bistro',
        logo: null,
        headline: 'Private dining, fully booked by December',
        intro: 'Dear Anna,\n\nthis one is just for you and Paul: the numbers and the offer we talked about.',
        theme: theme('#9a3412', 'lora'),
        sections: [
          hero('Ads for group bookings and a menu page with an enquiry form.'),
          intro,
          { id: 'pricing', type: 'pricing', props: pricing('Our offer for Copperpot', standardPlans) },
          cta('Shall we start?', 'Book a call', 'https://cal.example.com/alex/copperpot'),
        ],
      },
      expires: null,
      password: true,
    },
    {
      id: 'seed_presentation_atlas_00001',
      slug: SEED_PRESENTATIONS[5],
      doc: {
        customerName: 'Atlas Bikes',
        logo: null,
        headline: 'Summer 2025: e-bikes for commuters',
        intro: 'Hi Noor,\n\nlast summer’s pitch, kept for the record.',
        theme: theme('#b45309', 'montserrat'),
        sections: [
          hero('Commuter ads across the city, with a test-ride booking page.'),
          intro,
          cta('Book a test ride campaign', 'Book a call', 'https://cal.example.com/alex/atlas'),
        ],
      },
      expires: now - 120 * DAY,
      password: false,
    },
  ];
  const lines = [];
  items.forEach((item, i) => {
    const at = now - (items.length - i) * 3_600_000;
    const passwordHash = item.password ? q(hashPassword(SEED_PRESENTATION_PASSWORD)) : 'NULL';
    lines.push(
      `INSERT OR IGNORE INTO presentations (id, slug, author_id, project_id, customer_name, customer_logo_media_id, headline, document, status, revision, password_hash, expires_at, published_at, created_at, updated_at) VALUES (${q(item.id)}, ${q(item.slug)}, ${q(author)}, ${item.project ? q(item.project) : 'NULL'}, ${q(item.doc.customerName)}, NULL, ${q(item.doc.headline)}, ${q(JSON.stringify(item.doc))}, 'published', 1, ${passwordHash}, ${item.expires ?? 'NULL'}, ${at}, ${at - DAY}, ${at});`,
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
  for (const c of [...SEED_CREATIONS, ...SEED_MEDIA]) {
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
