import type { TalkFormInput } from '#common/schemas/presentation-talk.ts';
import type { Db } from '#worker/db/client.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { documentOf, isExpired, publicPath } from '#worker/features/presentations/rules.ts';
import { NOT_FOUND, askable, expired, localeOfRow, passwordCard, validSlug, type Card, type Visitor } from '#worker/features/presentations/public/service.ts';
import * as tokens from '#worker/features/presentations/public/tokens.ts';
import * as talk from '#worker/features/presentations/talk/service.ts';
import * as workspace from '#worker/features/presentations/workspace/service.ts';

/**
 * The public forms of presentations that talk back (issue 27, issue 32 point 6, decision 0056),
 * plain form POSTs (GET and HEAD never act; link-preview bots get their own card without forms):
 * "ask {author} for access" on the expired and the password pages, the call to action's "I'm
 * interested", and the author's one-click link. The talk sub-feature stores, limits and emails.
 */

interface Context {
  ip: string;
  origin: string;
  secret: string;
  now?: number;
}

/** `POST /presents/{slug}/ask`: for a published presentation that has expired or asks for a password (anything else is 404, nothing sent). */
export async function askForAccess(db: Db, mailer: Mailer, slug: string, form: TalkFormInput, context: Context): Promise<Card> {
  if (!validSlug(slug)) return NOT_FOUND;
  const now = context.now ?? Date.now();
  const row = await workspace.bySlug(db, slug);
  if (!row || row.presentation.status !== 'published' || !askable(row)) return NOT_FOUND;
  const gone = isExpired(row.presentation, now);
  if (!gone && row.presentation.passwordHash === null) return NOT_FOUND;
  const locale = localeOfRow(row);
  const result = await talk.send(db, mailer, row, 'access', form, { ...context, now });
  if (result.outcome === 'limited') return { card: 'ask-limited', retryAfter: result.retryAfter, locale };
  if (result.outcome === 'sent') return { card: 'asked', authorName: result.authorName, locale };
  const state = { values: result.values, errors: result.errors };
  return gone ? { ...expired(row, state) } : passwordCard(row, undefined, 422, undefined, state);
}

/**
 * `POST /presents/{slug}/interested`: a call to action's form, for those who may see the
 * presentation (its password cookie, or a recipient's link that set it) and only when it has an
 * "I'm interested" call to action.
 */
export async function interested(db: Db, mailer: Mailer, slug: string, form: TalkFormInput, visitor: Visitor, context: Context): Promise<Card> {
  if (!validSlug(slug)) return NOT_FOUND;
  const now = context.now ?? Date.now();
  const row = await workspace.bySlug(db, slug);
  if (!row || row.presentation.status !== 'published' || isExpired(row.presentation, now) || !talk.reachable(row)) return NOT_FOUND;
  const p = row.presentation;
  if (p.passwordHash && !(await tokens.unlocked(context.secret, p.id, p.passwordHash, visitor.cookies[tokens.unlockCookieName(p.id)], now))) return NOT_FOUND;
  const section = documentOf(p).sections.find((s) => s.type === 'cta' && s.props.action === 'interest' && (!form.section || s.id === form.section));
  if (!section) return NOT_FOUND;
  const locale = localeOfRow(row);
  const back = `${publicPath(p.slug)}#${section.id}`;
  const result = await talk.send(db, mailer, row, 'interest', form, { ...context, now });
  if (result.outcome === 'limited') return { card: 'ask-limited', retryAfter: result.retryAfter, locale };
  if (result.outcome === 'sent') return { card: 'interest-sent', authorName: result.authorName, back, locale };
  const action = `${publicPath(p.slug)}/interested`;
  return { card: 'interest-form', action, back, authorName: row.authorName, values: result.values, errors: result.errors, locale };
}

/** `GET` (a confirm page; mail scanners follow links) and `POST` (acts, once) of the author's one-click link. */
export async function grantLink(db: Db, mailer: Mailer, slug: string, token: string, method: 'GET' | 'POST', context: Context): Promise<Card> {
  if (!validSlug(slug)) return NOT_FOUND;
  const answer =
    method === 'GET'
      ? await talk.grantPage(db, context.secret, slug, token, context.now)
      : await talk.grantByLink(db, mailer, context.secret, slug, token, context.origin, context.now);
  const locale = answer.grant === 'invalid' ? undefined : answer.locale;
  return { card: 'grant', ...answer, action: `${publicPath(slug)}/grant`, token, ...(locale ? { locale } : {}) };
}
