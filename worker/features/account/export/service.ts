import { PLANS } from '#common/plans.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { ledgerText } from '#worker/features/credits/service.ts';
import { EXPORT_TICKET, type ExportTicket } from '#common/schemas/auth.ts';
import type { Db } from '#worker/db/client.ts';
import { hmacSign, hmacVerify } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { personalEmail, type Mailer, type Recipient } from '#worker/lib/mailer.ts';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { consume, type RateLimitRule } from '#worker/lib/rate-limit.ts';
import { safeFileName, textStream, zipStream, type ZipStreamEntry } from '#worker/lib/zip-stream.ts';
import { liveUser, subscriptionOf } from '#worker/features/account/core/service.ts';
import * as repo from '#worker/features/account/export/repo.ts';

/**
 * Exports per user: a few an hour is plenty for a person, and each one reads every file they
 * own from R2, so a script cannot turn it into a bandwidth pump.
 */
export const EXPORT_LIMIT: RateLimitRule = { limit: 3, windowMs: 60 * 60_000 };

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const README = `Your Adloom data
================

account.json            your profile, plan and subscription, signed-in devices, credits (balance and
                        every ledger entry), payments, affiliate code, referrals, commissions and
                        payouts, the projects you are a member of, and the presentations you wrote
                        (with who you shared each with, visitors' requests, and each visit).
projects/<name>/        one folder per project you own:
  project.json          the project and brand kit, its members (names and roles), media details,
                        creatives (with their documents), renders, ads with their reviews and pinned comments, funnels
                        and their pages, the Instagram account it is connected to (never a token).
  media/                the files of its media library, as uploaded.
  creations/            the rendered pictures (PNG).
  fonts/                the brand fonts uploaded to it.

Projects that others own are listed in account.json; their content belongs to their owners.
Leads (what visitors typed into your funnels' forms) are other people's data: export them from each
funnel's Leads page. Passwords, session tokens and Instagram tokens are never exported.
`;

/** A folder name for a project: its name and the start of its id (two projects may share a name). */
function projectFolder(project: { id: string; name: string }): string {
  return `projects/${safeFileName(project.name, 'project')} (${project.id.slice(0, 8)})`;
}

function r2Entry(bucket: R2Bucket, name: string, key: string, modified: Date): ZipStreamEntry {
  return {
    name,
    modified,
    open: async () => (await bucket.get(key))?.body ?? null,
  };
}

async function accountJson(db: Db, userId: string) {
  const [user, sessions, memberships, presentations, ledger, balance, payments, subscription, referrals, referred, commissions, payouts, clicks] =
    await Promise.all([
      liveUser(db, userId),
      repo.sessionsOf(db, userId),
      repo.membershipsOf(db, userId),
      repo.presentationsBy(db, userId),
      repo.ledgerOf(db, userId),
      repo.balanceOf(db, userId),
      repo.paymentsOf(db, userId),
      subscriptionOf(db, userId),
      repo.referralsBy(db, userId),
      repo.referredBy(db, userId),
      repo.commissionsOf(db, userId),
      repo.payoutsOf(db, userId),
      repo.affiliateClickCount(db, userId),
    ]);
  if (!user) return null;
  const talk = await repo.presentationTalkOf(
    db,
    presentations.map((p) => p.id),
  );
  const recipientName = new Map(talk.recipients.map((r) => [r.id, r.name]));
  // The ledger's descriptions are stored as codes: worded in the account's language.
  const i18n = i18nFor(user.locale);
  return {
    exportedAt: new Date().toISOString(),
    profile: { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: iso(user.createdAt) },
    plan: { id: user.plan, name: PLANS[user.plan].name },
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          provider: subscription.provider,
          currentPeriodStart: iso(subscription.currentPeriodStart),
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        }
      : null,
    sessions: sessions.map((s) => ({
      userAgent: s.userAgent,
      country: s.country,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
    })),
    credits: {
      balance: balance
        ? { monthly: balance.monthly, purchased: balance.purchased, periodStart: iso(balance.periodStart), periodEnd: iso(balance.periodEnd) }
        : null,
      ledger: ledger.map((l) => ({
        kind: l.kind,
        monthlyDelta: l.monthlyDelta,
        purchasedDelta: l.purchasedDelta,
        description: ledgerText(l.description, i18n),
        reference: l.reference,
        createdAt: iso(l.createdAt),
      })),
    },
    payments: payments.map((p) => ({
      kind: p.kind,
      item: p.item,
      amountCents: p.amountCents,
      currency: p.currency,
      provider: p.provider,
      status: p.status,
      createdAt: iso(p.createdAt),
      paidAt: iso(p.paidAt),
      refundedAt: iso(p.refundedAt),
    })),
    affiliate: {
      code: user.affiliateCode,
      clicks,
      referredAt: iso(referred?.createdAt),
      referrals: referrals.map((r) => ({ createdAt: iso(r.createdAt) })),
      commissions: commissions.map((c) => ({ amountCents: c.amountCents, status: c.status, availableAt: iso(c.availableAt), createdAt: iso(c.createdAt) })),
      payouts: payouts.map((p) => ({ amountCents: p.amountCents, status: p.status, note: p.note, decidedAt: iso(p.decidedAt), createdAt: iso(p.createdAt) })),
    },
    memberships: memberships.map((m) => ({
      projectId: m.project.id,
      project: m.project.name,
      role: m.role,
      joinedAt: iso(m.joinedAt),
      folder: m.role === 'owner' ? projectFolder(m.project) : null,
    })),
    presentations: presentations.map((p) => ({
      id: p.id,
      slug: p.slug,
      customerName: p.customerName,
      headline: p.headline,
      status: p.status,
      hasPassword: p.passwordHash !== null,
      document: p.document,
      projectId: p.projectId,
      expiresAt: iso(p.expiresAt),
      publishedAt: iso(p.publishedAt),
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      // Who it was shared with, who asked or was interested, and each visit (bots never counted).
      recipients: talk.recipients
        .filter((r) => r.presentationId === p.id)
        .map((r) => ({ name: r.name, email: r.email, createdAt: iso(r.createdAt), revokedAt: iso(r.revokedAt) })),
      requests: talk.requests
        .filter((r) => r.presentationId === p.id)
        .map((r) => ({ kind: r.kind, name: r.name, email: r.email, message: r.message, createdAt: iso(r.createdAt), grantedAt: iso(r.grantedAt) })),
      visits: talk.visits
        .filter((v) => v.presentationId === p.id)
        .map((v) => ({
          startedAt: iso(v.startedAt),
          seconds: v.seconds,
          sections: v.sections,
          recipient: v.recipientId ? (recipientName.get(v.recipientId) ?? null) : null,
        })),
    })),
  };
}

async function projectJson(db: Db, project: repo.ProjectRow) {
  const [members, mediaRows, fonts, creatives, creations, ads, funnels, pages, instagram] = await Promise.all([
    repo.membersOf(db, project.id),
    repo.mediaOf(db, project.id),
    repo.fontsOf(db, project.id),
    repo.creativesOf(db, project.id),
    repo.creationsOf(db, project.id),
    repo.adsOf(db, project.id),
    repo.funnelsOf(db, project.id),
    repo.funnelPagesOf(db, project.id),
    repo.instagramOf(db, project.id),
  ]);
  const adIds = ads.map((a) => a.id);
  const [items, reviews, pins] = await Promise.all([repo.adItemsOf(db, adIds), repo.adReviewsOf(db, adIds), repo.adPinsOf(db, adIds)]);
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    website: project.website,
    brandKit: project.brandKit,
    archived: project.archivedAt !== null,
    createdAt: iso(project.createdAt),
    updatedAt: iso(project.updatedAt),
    members: members.map((m) => ({ name: m.name, role: m.role, joinedAt: iso(m.joinedAt) })),
    instagram: instagram ? { username: instagram.username, sandbox: instagram.sandbox, status: instagram.status, connectedAt: iso(instagram.createdAt) } : null,
    media: mediaRows.map((m) => ({
      id: m.id,
      file: `media/${mediaFileName(m)}`,
      name: m.name,
      kind: m.kind,
      mime: m.mime,
      size: m.size,
      sha256: m.sha256,
      width: m.width,
      height: m.height,
      durationMs: m.durationMs,
      alt: m.alt,
      tags: m.tags,
      focal: m.focalX === null || m.focalY === null ? null : { x: m.focalX, y: m.focalY },
      createdAt: iso(m.createdAt),
    })),
    fonts: fonts.map((f) => ({
      id: f.id,
      file: `fonts/${fontFileName(f)}`,
      family: f.family,
      weight: f.weight,
      format: f.format,
      size: f.size,
      createdAt: iso(f.createdAt),
    })),
    creatives: creatives.map((c) => ({
      id: c.id,
      name: c.name,
      status: c.status,
      format: c.format,
      template: c.template,
      revision: c.revisionNumber,
      document: c.document,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
    })),
    creations: creations.map((c) => ({
      id: c.id,
      file: `creations/${creationFileName(c)}`,
      name: c.name,
      creativeId: c.creativeId,
      revision: c.revisionNumber,
      format: c.format,
      width: c.width,
      height: c.height,
      size: c.size,
      createdAt: iso(c.createdAt),
    })),
    ads: ads.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      status: a.status,
      primaryText: a.primaryText,
      headline: a.headline,
      description: a.description,
      cta: a.cta,
      destinationUrl: a.destinationUrl,
      pageName: a.pageName,
      placements: a.placements,
      revision: a.revision,
      pictures: items.filter((i) => i.adId === a.id).map((i) => i.creationId),
      reviews: reviews
        .filter((r) => r.adId === a.id)
        .map((r) => ({ reviewer: r.reviewerName, decision: r.decision, comment: r.comment, revision: r.revision, createdAt: iso(r.createdAt) })),
      pins: pins
        .filter((p) => p.adId === a.id && p.parentId === null)
        .map((p) => ({
          number: p.number,
          spot: p.item !== null ? { picture: p.item, x: p.x, y: p.y } : { captionStart: p.start, captionEnd: p.end, quote: p.quote },
          revision: p.revision,
          author: p.authorName,
          comment: p.body,
          resolvedAt: iso(p.resolvedAt),
          resolvedBy: p.resolvedBy,
          createdAt: iso(p.createdAt),
          replies: pins.filter((r) => r.parentId === p.id).map((r) => ({ author: r.authorName, comment: r.body, createdAt: iso(r.createdAt) })),
        })),
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    })),
    funnels: funnels.map((f) => ({
      id: f.id,
      name: f.name,
      title: f.title,
      theme: f.theme,
      customDomain: f.customDomain,
      createdAt: iso(f.createdAt),
      pages: pages
        .filter((p) => p.funnelId === f.id)
        .map((p) => ({
          id: p.id,
          slug: p.slug,
          title: p.title,
          draft: p.draft,
          draftB: p.draftB,
          splitB: p.splitB,
          revision: p.revision,
          publishedRevision: p.publishedRevision,
          publishedAt: iso(p.publishedAt),
        })),
    })),
  };
}

function mediaFileName(m: { id: string; name: string }): string {
  return `${m.id.slice(0, 8)} ${safeFileName(m.name, 'file')}`;
}
function creationFileName(c: { id: string; name: string }): string {
  return `${c.id.slice(0, 8)} ${safeFileName(c.name, 'creation')}.png`;
}
function fontFileName(f: { id: string; family: string; format: string }): string {
  return `${f.id.slice(0, 8)} ${safeFileName(f.family, 'font')}.${f.format}`;
}

/** How long a download link works: the page that asked for it uses it at once. */
export const EXPORT_TICKET_TTL_MS = 60_000;

export const exportFileName = (now: Date) => `adloom-export-${now.toISOString().slice(0, 10)}.zip`;

/** What the link's HMAC covers (domain-separated from the other uses of SESSION_SECRET). */
const ticketMessage = (userId: string, sessionId: string, expires: string, nonce: string) => `export-ticket:${userId}:${sessionId}:${expires}:${nonce}`;

const unusable = () => new AppError('not_found', 'This download link has expired or was used already. Start the download again from your Account page.');

/**
 * `POST /api/me/export`: counts one of the user's exports (3 an hour; 429 past that) and answers
 * a link that downloads the archive once, within a minute, in this session only. The count is
 * here, on a request no other site can make (a CSRF-checked POST), so nothing else can use up the
 * user's exports; the link itself is a GET the browser's download manager fetches and writes to
 * disk as it arrives.
 */
export async function issueExportTicket(db: Db, secret: string, userId: string, sessionId: string, now = new Date()): Promise<ExportTicket> {
  await consume(db, `export:${userId}`, EXPORT_LIMIT, now.getTime());
  const expiresAt = new Date(now.getTime() + EXPORT_TICKET_TTL_MS);
  const expires = expiresAt.getTime().toString(36);
  const nonce = newId();
  const signature = await hmacSign(secret, ticketMessage(userId, sessionId, expires, nonce));
  return { url: `/api/me/export/${expires}.${nonce}.${signature}`, filename: exportFileName(now), expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a download link: signed by us for this user and session, not expired, and (with `use`)
 * not used before, which it then is (one atomic count per link). 404 otherwise, whichever it
 * was. `use: false` (a HEAD request) checks without using it.
 */
export async function redeemExportTicket(
  db: Db,
  secret: string,
  userId: string,
  sessionId: string,
  ticket: string,
  use: boolean,
  now = new Date(),
): Promise<void> {
  if (!EXPORT_TICKET.test(ticket)) throw unusable();
  const [expires = '', nonce = '', signature = ''] = ticket.split('.');
  if (parseInt(expires, 36) <= now.getTime()) throw unusable();
  if (!(await hmacVerify(secret, ticketMessage(userId, sessionId, expires, nonce), signature))) throw unusable();
  if (!use) return;
  try {
    await consume(db, `export-ticket:${nonce}`, { limit: 1, windowMs: EXPORT_TICKET_TTL_MS }, now.getTime());
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') throw unusable();
    throw error;
  }
}

/**
 * The user's data as a ZIP stream (JSON + their projects' files). The archive is built as it is
 * read (fflate's streaming Zip): a project's JSON is queried when the archive reaches it, each
 * R2 object is read a chunk at a time, nothing is held whole.
 */
export async function exportArchive(db: Db, bucket: R2Bucket, userId: string, now = new Date()) {
  const memberships = await repo.membershipsOf(db, userId);
  const owned = memberships.filter((m) => m.role === 'owner').map((m) => m.project);
  const entries: ZipStreamEntry[] = [
    { name: 'README.txt', modified: now, deflate: true, open: () => Promise.resolve(textStream(README)) },
    { name: 'account.json', modified: now, deflate: true, open: async () => textStream(json(await accountJson(db, userId))) },
  ];
  for (const project of owned) {
    const folder = projectFolder(project);
    const [mediaRows, fonts, creations] = await Promise.all([repo.mediaOf(db, project.id), repo.fontsOf(db, project.id), repo.creationsOf(db, project.id)]);
    entries.push({
      name: `${folder}/project.json`,
      modified: project.updatedAt,
      deflate: true,
      open: async () => textStream(json(await projectJson(db, project))),
    });
    for (const m of mediaRows) entries.push(r2Entry(bucket, `${folder}/media/${mediaFileName(m)}`, m.r2Key, m.createdAt));
    for (const c of creations) entries.push(r2Entry(bucket, `${folder}/creations/${creationFileName(c)}`, c.r2Key, c.createdAt));
    for (const f of fonts) entries.push(r2Entry(bucket, `${folder}/fonts/${fontFileName(f)}`, f.r2Key, f.createdAt));
  }
  return { body: zipStream(entries), filename: exportFileName(now) };
}

/** A country code (Cloudflare's `CF-IPCountry`) as the recipient's language names it ("DE": "Germany", "Deutschland"). */
function countryName(locale: Locale, code: string): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code; // not a region code Intl knows (Cloudflare's "XX", "T1")
  }
}

/** Tells the user that their data was downloaded (someone with their session could have done it), in their language. */
export async function sendExportNotice(mailer: Mailer, user: Recipient, meta: { country: string | null; userAgent: string | null }, now = new Date()) {
  await mailer.send(
    personalEmail('account_export', user, (i18n, locale, date) => {
      const time = date(now, true);
      return {
        subject: i18n._('email.export.subject'),
        lines: [
          meta.country
            ? i18n._('email.export.downloadedFrom', { time, country: countryName(locale, meta.country) })
            : i18n._('email.export.downloaded', { time }),
          i18n._('email.export.you'),
          i18n._('email.export.notYou'),
        ],
      };
    }),
  );
}

/**
 * `GET /api/me/export/{ticket}`: the ZIP of the user's data, built as it downloads (the browser
 * writes it to disk); the first use of the link sends the "your data was downloaded" email
 * (`notice`, after the response). `head` (a HEAD request) checks the link without using it,
 * reading nothing and mailing nothing.
 */
export async function downloadExport(
  db: Db,
  env: { SESSION_SECRET: string; MEDIA: R2Bucket },
  mailer: Mailer,
  request: {
    user: Recipient & { id: string };
    sessionId: string;
    ticket: string;
    head: boolean;
    meta: { country: string | null; userAgent: string | null };
  },
): Promise<{ headers: Record<string, string>; body: ReadableStream | null; notice?: () => Promise<void> }> {
  const { user, head } = request;
  await redeemExportTicket(db, env.SESSION_SECRET, user.id, request.sessionId, request.ticket, !head);
  const headers = {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${exportFileName(new Date())}"`,
    'Cache-Control': 'private, no-store',
  };
  if (head) return { headers, body: null };
  const { body } = await exportArchive(db, env.MEDIA, user.id);
  return { headers, body, notice: () => sendExportNotice(mailer, user, request.meta) };
}
