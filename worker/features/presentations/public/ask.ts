import type { Db } from '#worker/db/client.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import { AppError } from '#worker/lib/errors.ts';
import { personalEmail, type Mailer } from '#worker/lib/mailer.ts';
import { consume, type RateLimitRule } from '#worker/lib/rate-limit.ts';
import { isExpired, publicPath } from '#worker/features/presentations/rules.ts';
import { NOT_FOUND, askable, localeOfRow, validSlug, type Card } from '#worker/features/presentations/public/service.ts';
import * as workspace from '#worker/features/presentations/workspace/service.ts';

/**
 * "Ask {author} for a new link" on the expired page (issue 27): a plain form POST (GET and
 * HEAD never act, link-preview bots get their own card without the form) that emails the
 * author once a day per presentation, whoever asks, with the link to the presentation in the
 * workspace, where one click extends it. Each limit is one conditional write (consume): of
 * requests arriving together only the first counts within the day and sends.
 */

/** One email per presentation a day: a second visitor learns the author was told. */
const PER_PRESENTATION: RateLimitRule = { limit: 1, windowMs: DAY_MS };
/** Requests from one network (an IPv6 /64 is one) across all presentations, an hour: a person asks once or twice. */
const PER_NETWORK: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };

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

/** `POST /presents/{slug}/ask`: only for a published presentation that has expired (anything else is 404, nothing sent). */
export async function askForNewLink(db: Db, mailer: Mailer, slug: string, input: { ip: string; origin: string }, now = Date.now()): Promise<Card> {
  if (!validSlug(slug)) return NOT_FOUND;
  const row = await workspace.bySlug(db, slug);
  if (!row || row.presentation.status !== 'published' || !isExpired(row.presentation, now) || !askable(row)) return NOT_FOUND;
  const p = row.presentation;
  // Hashed: rate_limits holds no address.
  const network = `presentation-ask-network:${await sha256Hex(`presentation-ask\n${clientNetwork(input.ip)}`)}`;
  const retryAfter = await limited(db, network, PER_NETWORK, now);
  const locale = localeOfRow(row);
  if (retryAfter) return { card: 'ask-limited', retryAfter, locale };
  const asked: Card = { card: 'asked', authorName: row.authorName, locale };
  // Already told today: the same answer, no second email.
  if (await limited(db, `presentation-ask:${p.id}`, PER_PRESENTATION, now)) return asked;
  // The author's language (the visitor asking is not the recipient).
  const author = { email: row.authorEmail, name: row.authorName, locale: row.authorLocale, timeZone: row.authorTimeZone };
  await mailer.send(
    personalEmail('presentation_link_requested', author, (i18n, _locale, day) => {
      const customer = p.customerName;
      return {
        subject: i18n._('email.presentationAsk.subject', { customer }),
        lines: [
          i18n._('email.presentationAsk.asked', { customer, url: `${input.origin}${publicPath(p.slug)}`, date: day(p.expiresAt!) }),
          '',
          i18n._('email.presentationAsk.extend'),
          `${input.origin}/presentations?edit=${p.id}`,
          '',
          i18n._('email.presentationAsk.nothing'),
        ],
      };
    }),
  );
  return asked;
}
