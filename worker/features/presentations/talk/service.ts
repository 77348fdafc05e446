import {
  RECIPIENT_CODE_RE,
  TALK_LIMITS,
  type PresentationRecipient,
  type PresentationRequest,
  type PresentationTalk,
  type PresentationVisit,
  type RecipientCreateInput,
  type TalkFormInput,
} from '#common/schemas/presentation-talk.ts';
import type { Locale } from '#common/i18n/locales.ts';
import type { Db } from '#worker/db/client.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { hmacSign, hmacVerify, sha256Hex } from '#worker/lib/crypto.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { newId } from '#worker/lib/ids.ts';
import { personalEmail, type Mailer } from '#worker/lib/mailer.ts';
import { consume, type RateLimitRule } from '#worker/lib/rate-limit.ts';
import { documentOf, isExpired, publicPath } from '#worker/features/presentations/rules.ts';
import * as workspace from '#worker/features/presentations/workspace/service.ts';
import * as repo from '#worker/features/presentations/talk/repo.ts';

/**
 * Presentations that talk back (issue 32 point 6, decision 0056). A visitor of an expired or
 * locked presentation asks its author for access (name, email, message); a call to action can
 * be "I'm interested". Both are stored as requests and emailed to the author; an access request's
 * email carries a one-click link (signed for that request alone, 14 days; GET shows a confirm
 * page, only its POST acts, once) that reopens an expired presentation and sends the asker
 * their own recipient link. Recipients' links (`?r=`) attribute visits; the timeline lists each
 * counted visit (people only: the public page counts no bot, prefetch, author or admin).
 */

type Row = workspace.Row;

/** Access requests of one presentation a day (each is stored and emailed). */
const ACCESS_PER_PRESENTATION: RateLimitRule = { limit: 5, windowMs: DAY_MS };
/** "I'm interested" answers of one presentation a day. */
const INTEREST_PER_PRESENTATION: RateLimitRule = { limit: 20, windowMs: DAY_MS };
/** Requests and answers from one network (an IPv6 /64 is one) across all presentations, an hour. */
const PER_NETWORK: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };
/** How long the one-click link in the author's email works. */
const GRANT_TTL_MS = 14 * DAY_MS;

/** Whether a visitor may write to the author: an author with a name and an address. */
export function reachable(row: Row): row is Row & { authorName: string; authorEmail: string; authorLocale: Locale } {
  return row.authorName !== null && row.authorEmail !== null && row.authorLocale !== null && row.authorDeleted === null;
}

const recipientPath = (slug: string, code: string) => `${publicPath(slug)}?r=${code}`;

// ---------------------------------------------------------------------------------------
// Recipients and visits (the public page)

/** The live recipient whose link `?r=code` was opened, or null (no code, a wrong or revoked one: the page works, unattributed). */
export async function recipientOfCode(db: Db, presentationId: string, code: string | undefined): Promise<string | null> {
  if (!code || !RECIPIENT_CODE_RE.test(code)) return null;
  return (await repo.liveRecipientByCode(db, presentationId, code))?.id ?? null;
}

/** A counted view's visit, when the page is served. */
export async function startVisit(db: Db, visit: { viewId: string; presentationId: string; recipientId: string | null; now: number }): Promise<void> {
  await repo.insertVisit(db, { viewId: visit.viewId, presentationId: visit.presentationId, recipientId: visit.recipientId, startedAt: visit.now });
}

/** A beacon's report on its visit (seconds and seconds per section already capped by the caller). */
export async function reportVisit(
  db: Db,
  report: { viewId: string; presentationId: string; seconds: number; sections: Record<string, number> },
): Promise<void> {
  await repo.updateVisit(db, report);
}

// ---------------------------------------------------------------------------------------
// What visitors send

export type FormErrors = Partial<Record<'name' | 'email' | 'message' | '_', string>>;

/** What a visitor's form came to: sent (or a bot's, dropped), wrong (the form again), limited. */
export type SendResult =
  | { outcome: 'sent'; authorName: string }
  | { outcome: 'invalid'; errors: FormErrors; values: Pick<TalkFormInput, 'name' | 'email' | 'message'> }
  | { outcome: 'limited'; retryAfter: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form checked in the presentation's language (its visitors read it). */
function checked(form: TalkFormInput, locale: Locale): { errors: FormErrors; name: string; email: string; message: string } {
  const t = i18nFor(locale);
  const name = form.name.trim();
  const email = form.email.trim().toLowerCase();
  const message = form.message.trim();
  const errors: FormErrors = {};
  if (!name) errors.name = t._('content.presentation.talk.nameMissing');
  else if ([...name].length > TALK_LIMITS.nameMax) errors.name = t._('content.presentation.talk.tooLong', { max: TALK_LIMITS.nameMax });
  if (!EMAIL.test(email) || email.length > TALK_LIMITS.emailMax) errors.email = t._('content.presentation.talk.emailInvalid');
  if ([...message].length > TALK_LIMITS.messageMax) errors.message = t._('content.presentation.talk.tooLong', { max: TALK_LIMITS.messageMax });
  return { errors, name, email, message };
}

/** The Retry-After of a limit that was met, or undefined when the attempt counted. */
async function limited(db: Db, key: string, rule: RateLimitRule, now: number): Promise<string | undefined> {
  try {
    await consume(db, key, rule, now);
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return error.headers?.['Retry-After'] ?? '60';
    throw error;
  }
}

export interface SendContext {
  ip: string;
  origin: string;
  secret: string;
  now?: number;
}

/**
 * A visitor's request (`access`: from the expired or the password page; `interest`: a call to
 * action's form). The honeypot filled → the usual answer, nothing stored or sent. Limits, each
 * one conditional write: per network, then per presentation and day.
 */
export async function send(
  db: Db,
  mailer: Mailer,
  row: Row & { authorName: string; authorEmail: string; authorLocale: Locale },
  kind: 'access' | 'interest',
  form: TalkFormInput,
  context: SendContext,
): Promise<SendResult> {
  const now = context.now ?? Date.now();
  const p = row.presentation;
  const locale = documentOf(p).locale;
  const sent: SendResult = { outcome: 'sent', authorName: row.authorName };
  if (form.website) return sent;
  const { errors, name, email, message } = checked(form, locale);
  if (Object.keys(errors).length > 0) return { outcome: 'invalid', errors, values: { name: form.name, email: form.email, message: form.message } };
  // Hashed: rate_limits holds no address.
  const network = `presentation-talk-network:${await sha256Hex(`presentation-talk\n${clientNetwork(context.ip)}`)}`;
  const retryNetwork = await limited(db, network, PER_NETWORK, now);
  if (retryNetwork) return { outcome: 'limited', retryAfter: retryNetwork };
  const rule = kind === 'access' ? ACCESS_PER_PRESENTATION : INTEREST_PER_PRESENTATION;
  const retry = await limited(db, `presentation-talk-${kind}:${p.id}`, rule, now);
  if (retry) return { outcome: 'limited', retryAfter: retry };
  const id = newId();
  await repo.insertRequest(db, { id, presentationId: p.id, kind, name, email, message, locale, createdAt: new Date(now) });
  const grant = kind === 'access' ? `${context.origin}${publicPath(p.slug)}/grant?t=${await grantToken(context.secret, id, now)}` : null;
  await mailer.send(authorEmail(row, { kind, name, email, message }, `${context.origin}/presentations?edit=${p.id}`, grant));
  return sent;
}

/** The author's email in the author's language: who wrote, what, and (for access) the one-click link. */
function authorEmail(
  row: Row & { authorName: string; authorEmail: string; authorLocale: Locale },
  request: { kind: 'access' | 'interest'; name: string; email: string; message: string },
  editor: string,
  grant: string | null,
) {
  const author = { email: row.authorEmail, name: row.authorName, locale: row.authorLocale, timeZone: row.authorTimeZone };
  const customer = row.presentation.customerName;
  const expired = isExpired(row.presentation, Date.now());
  return personalEmail(request.kind === 'access' ? 'presentation_access_requested' : 'presentation_interest', author, (i18n) => ({
    subject: i18n._(request.kind === 'access' ? 'email.presentationTalk.accessSubject' : 'email.presentationTalk.interestSubject', {
      name: request.name,
      customer,
    }),
    lines: [
      i18n._(request.kind === 'access' ? 'email.presentationTalk.accessWrote' : 'email.presentationTalk.interestWrote', {
        name: request.name,
        email: request.email,
        customer,
      }),
      '',
      ...(request.message ? [request.message, ''] : []),
      ...(grant ? [i18n._(expired ? 'email.presentationTalk.grantExpired' : 'email.presentationTalk.grant', { name: request.name }), grant, ''] : []),
      i18n._('email.presentationTalk.workspace'),
      editor,
    ],
  }));
}

// ---------------------------------------------------------------------------------------
// The one-click link

const grantMessage = (requestId: string, expires: number) => `presentation-grant:${requestId}:${expires}`;

/** `{requestId}.{expires seconds}.{signature}`: good for this request only, for GRANT_TTL_MS. */
export async function grantToken(secret: string, requestId: string, now = Date.now()): Promise<string> {
  const expires = Math.floor((now + GRANT_TTL_MS) / 1000);
  return `${requestId}.${expires}.${await hmacSign(secret, grantMessage(requestId, expires))}`;
}

async function readGrantToken(secret: string, token: string, now: number): Promise<string | undefined> {
  const match = /^([A-Za-z0-9_-]{16,64})\.(\d{9,11})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return undefined;
  const [, requestId, expiresText, signature] = match as unknown as [string, string, string, string];
  if (Number(expiresText) * 1000 < now) return undefined;
  return (await hmacVerify(secret, grantMessage(requestId, Number(expiresText)), signature)) ? requestId : undefined;
}

/** What the one-click page shows: the confirm form, done (now or before), or nothing valid. */
export type GrantAnswer =
  | { grant: 'confirm'; name: string; email: string; customerName: string; expired: boolean; locale: Locale }
  | { grant: 'done'; name: string; already: boolean; locale: Locale }
  | { grant: 'invalid' };

/** The request a token stands for, on the presentation at `slug` (anything else: invalid). */
async function requestOfToken(db: Db, secret: string, slug: string, token: string, now: number) {
  const requestId = await readGrantToken(secret, token, now);
  const request = requestId ? await repo.requestById(db, requestId) : undefined;
  if (!request || request.kind !== 'access') return undefined;
  const row = await workspace.byId(db, request.presentationId);
  if (!row || row.presentation.slug !== slug) return undefined;
  return { request, row };
}

/** GET of the one-click link: never acts (mail scanners open links), only shows what the POST would do. */
export async function grantPage(db: Db, secret: string, slug: string, token: string, now = Date.now()): Promise<GrantAnswer> {
  const found = await requestOfToken(db, secret, slug, token, now);
  if (!found) return { grant: 'invalid' };
  const { request, row } = found;
  const locale = row.authorLocale ?? 'en';
  if (request.grantedAt) return { grant: 'done', name: request.name, already: true, locale };
  return {
    grant: 'confirm',
    name: request.name,
    email: request.email,
    customerName: row.presentation.customerName,
    expired: isExpired(row.presentation, now),
    locale,
  };
}

/** POST of the one-click page: grants the request once (see grant), whatever clicks arrive together. */
export async function grantByLink(db: Db, mailer: Mailer, secret: string, slug: string, token: string, origin: string, now = Date.now()): Promise<GrantAnswer> {
  const found = await requestOfToken(db, secret, slug, token, now);
  if (!found) return { grant: 'invalid' };
  const locale = found.row.authorLocale ?? 'en';
  const acted = await grant(db, mailer, found.row, found.request, origin, now);
  return { grant: 'done', name: found.request.name, already: !acted, locale };
}

/**
 * Grants a request once: the asker gets a recipient link of their own (which opens a locked
 * presentation without its password), emailed in the presentation's language; an expired
 * presentation opens again for 30 days. Returns false when it had been granted already.
 */
async function grant(db: Db, mailer: Mailer, row: Row, request: repo.RequestRow, origin: string, now: number): Promise<boolean> {
  const recipient = { id: newId(), code: newId(12) };
  if (!(await repo.grantOnce(db, request, recipient, now))) return false;
  const p = row.presentation;
  if (isExpired(p, now)) await workspace.reopenForRequest(db, p.id, now);
  const author = row.authorName ?? '';
  const to = { email: request.email, name: request.name, locale: request.locale };
  await mailer.send(
    personalEmail('presentation_access_granted', to, (i18n) => ({
      subject: i18n._('email.presentationTalk.grantedSubject', { customer: p.customerName }),
      lines: [
        i18n._('email.presentationTalk.granted', { author, customer: p.customerName }),
        `${origin}${recipientPath(p.slug, recipient.code)}`,
        '',
        i18n._('email.presentationTalk.personal'),
      ],
    })),
  );
  return true;
}

// ---------------------------------------------------------------------------------------
// The workspace

/** Recipients, requests and the visit timeline of a presentation its user may manage. */
export async function talkOf(db: Db, entry: Row): Promise<PresentationTalk> {
  const p = entry.presentation;
  const [recipients, requests, visits] = await Promise.all([
    repo.recipientsOf(db, p.id),
    repo.requestsOf(db, p.id, TALK_LIMITS.timeline),
    repo.visitsOf(db, p.id, TALK_LIMITS.timeline),
  ]);
  const sections = documentOf(p).sections;
  return {
    recipients: recipients.map((r) => recipientOut(p.slug, r.recipient, r.visits, r.lastVisitAt)),
    requests: requests.map(requestOut),
    visits: visits.map(({ visit, recipientName }): PresentationVisit => ({
      id: visit.viewId,
      startedAt: visit.startedAt.toISOString(),
      seconds: visit.seconds,
      recipient: visit.recipientId && recipientName !== null ? { id: visit.recipientId, name: recipientName } : null,
      sections: sections
        .filter((s) => s.id in visit.sections)
        .map((s) => ({ id: s.id, type: s.type, title: sectionTitle(s), seconds: visit.sections[s.id] ?? 0 })),
    })),
  };
}

/** A section's heading in the timeline, '' when it has none (the workspace names its type then). */
function sectionTitle(section: { props: unknown }): string {
  const props = section.props as { heading?: unknown };
  return typeof props.heading === 'string' ? props.heading : '';
}

function recipientOut(slug: string, r: repo.RecipientRow, visits: number, lastVisitAt: number | null): PresentationRecipient {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    path: recipientPath(slug, r.code),
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    visits,
    lastVisitAt: lastVisitAt === null ? null : new Date(lastVisitAt).toISOString(),
  };
}

function requestOut(r: repo.RequestRow): PresentationRequest {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    email: r.email,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    grantedAt: r.grantedAt?.toISOString() ?? null,
  };
}

/** A recipient and their link; at most TALK_LIMITS.recipients per presentation (one conditional write). */
export async function addRecipient(db: Db, entry: Row, input: RecipientCreateInput, now = Date.now()): Promise<PresentationRecipient> {
  const p = entry.presentation;
  const id = newId();
  const added = await repo.insertRecipientUnder(
    db,
    { id, presentationId: p.id, name: input.name, email: input.email || null, code: newId(12), now },
    TALK_LIMITS.recipients,
  );
  if (!added) throw new AppError('conflict', `A presentation has at most ${TALK_LIMITS.recipients} recipients. Revoke links you no longer need.`);
  const row = await repo.recipientOf(db, p.id, id);
  if (!row) throw new AppError('not_found');
  return recipientOut(p.slug, row, 0, null);
}

/** Revokes a recipient's link: it then works like the plain link (password asked, visits unattributed). 404 for another presentation's. */
export async function revokeRecipient(db: Db, entry: Row, recipientId: string, now = Date.now()): Promise<PresentationRecipient> {
  const p = entry.presentation;
  await repo.revokeRecipient(db, p.id, recipientId, new Date(now));
  const row = await repo.recipientOf(db, p.id, recipientId);
  if (!row) throw new AppError('not_found');
  return recipientOut(p.slug, row, 0, null);
}

/** The author grants a request from the workspace (the same as the email's one-click link). 404 for another presentation's. */
export async function grantRequest(db: Db, mailer: Mailer, entry: Row, requestId: string, origin: string, now = Date.now()): Promise<PresentationRequest> {
  const request = await repo.requestById(db, requestId);
  if (!request || request.presentationId !== entry.presentation.id) throw new AppError('not_found');
  await grant(db, mailer, entry, request, origin, now);
  const after = await repo.requestById(db, requestId);
  if (!after) throw new AppError('not_found');
  return requestOut(after);
}
