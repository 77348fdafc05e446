import { hmacSign, hmacVerify } from '#worker/lib/crypto.ts';
import { DAY_MS } from '#worker/lib/days.ts';
import { newId } from '#worker/lib/ids.ts';

/**
 * The signed values of the public page: the view token the page hands its beacon (it cannot
 * report for another presentation, for a view that was never served, or more seconds than
 * have passed since), and the unlock cookie of a password-protected presentation.
 */

/**
 * A beacon later than this after its page was served is ignored: within it, the view's state
 * (presentation_views, deleted two UTC days later by purgePastViews) still exists, so a late
 * beacon cannot count its seconds and sections a second time.
 */
const TOKEN_TTL_MS = DAY_MS;

const viewMessage = (presentationId: string, viewId: string, issued: number) => `presentation-view:${presentationId}:${viewId}:${issued}`;

/** A new view's token for the page's beacon: `{viewId}.{issued seconds}.{signature}`. */
export async function viewToken(secret: string, presentationId: string, now = Date.now()): Promise<string> {
  const viewId = newId();
  const issued = Math.floor(now / 1000);
  return `${viewId}.${issued}.${await hmacSign(secret, viewMessage(presentationId, viewId, issued))}`;
}

/** The view behind a token of this presentation, or undefined (forged, of another presentation, too old, from the future). */
export async function readViewToken(
  secret: string,
  presentationId: string,
  token: string,
  now = Date.now(),
): Promise<{ viewId: string; issuedMs: number } | undefined> {
  const match = /^([A-Za-z0-9_-]{16,64})\.(\d{9,11})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return undefined;
  const [, viewId, issuedText, signature] = match as unknown as [string, string, string, string];
  const issuedMs = Number(issuedText) * 1000;
  if (issuedMs > now + 60_000 || now - issuedMs > TOKEN_TTL_MS) return undefined;
  if (!(await hmacVerify(secret, viewMessage(presentationId, viewId, Number(issuedText)), signature))) return undefined;
  return { viewId, issuedMs };
}

// ---------------------------------------------------------------------------------------
// The unlock cookie of a password-protected presentation

const UNLOCK_DAYS = 30;

/** The part of the stored password hash the cookie is signed over: a new password locks everyone out again. */
const fingerprint = (passwordHash: string) => passwordHash.slice(-16);
const unlockMessage = (presentationId: string, passwordHash: string, expires: number) =>
  `presentation-unlock:${presentationId}:${fingerprint(passwordHash)}:${expires}`;

export const unlockCookieName = (presentationId: string) => `pres_${presentationId}`;

/** The cookie's value, `{expires seconds}.{signature}`, and its lifetime in seconds. */
export async function unlockCookie(secret: string, presentationId: string, passwordHash: string, now = Date.now()): Promise<{ value: string; maxAge: number }> {
  const maxAge = UNLOCK_DAYS * 86_400;
  const expires = Math.floor(now / 1000) + maxAge;
  return { value: `${expires}.${await hmacSign(secret, unlockMessage(presentationId, passwordHash, expires))}`, maxAge };
}

export async function unlocked(secret: string, presentationId: string, passwordHash: string, value: string | undefined, now = Date.now()): Promise<boolean> {
  if (!value) return false;
  const match = /^(\d{9,11})\.([A-Za-z0-9_-]{20,100})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < now) return false;
  return hmacVerify(secret, unlockMessage(presentationId, passwordHash, expires), match[2]!);
}
