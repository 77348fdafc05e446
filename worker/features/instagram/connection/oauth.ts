import { en as publicEn } from '#common/locales/public/en.ts';
import { hmacSign, timingSafeEqual } from '#worker/lib/crypto.ts';
import { fromBase64url } from '#worker/lib/ids.ts';

/**
 * Instagram Login (Instagram API with Instagram Login, business scopes): the authorize URL
 * and the token calls. Every call has a timeout; every failure is an InstagramApiError
 * whose `failure` names a sentence a person can act on.
 */

export const OAUTH_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'] as const;

const AUTHORIZE_URL = 'https://www.instagram.com/oauth/authorize';
const TOKEN_URL = 'https://api.instagram.com/oauth/access_token';
const GRAPH = 'https://graph.instagram.com';
const TIMEOUT_MS = 10_000;

/**
 * Why a call to Instagram failed, in words for people: the pages that show it say
 * `instagram.failure.{failure}` (the `public` catalog) in the reader's language.
 */
export type InstagramFailure = 'revoked' | 'theirSide' | 'signInRefused' | 'refused' | 'timeout' | 'unreachable' | 'unreadable';

/**
 * A failed call to Instagram: `failure` is for people, `message` for logs (never with a token).
 * `plain` is the failure's English, which a broken connection keeps (`brokenReason`).
 */
export class InstagramApiError extends Error {
  constructor(
    message: string,
    readonly failure: InstagramFailure,
    readonly status: number,
    readonly code?: number,
    /** The token is revoked, expired or otherwise invalid (OAuthException 190): reconnecting is the only fix. */
    readonly invalidToken = false,
  ) {
    super(message);
    this.name = 'InstagramApiError';
  }

  get plain(): string {
    return publicEn[`instagram.failure.${this.failure}`];
  }
}

export function authorizeUrl(input: { appId: string; redirectUri: string; state: string }): string {
  const url = new URL(AUTHORIZE_URL);
  url.searchParams.set('client_id', input.appId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', OAUTH_SCOPES.join(','));
  url.searchParams.set('state', input.state);
  return url.toString();
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Both of Instagram's error shapes: the Graph API's `{ error: { type, code, message } }` and the OAuth endpoint's flat `{ error_type, code, error_message }`. */
function errorOf(body: unknown): { type?: string; code?: number; subcode?: number; message?: string } | undefined {
  if (!isObject(body)) return undefined;
  if (isObject(body.error)) {
    const e = body.error;
    return {
      type: typeof e.type === 'string' ? e.type : undefined,
      code: typeof e.code === 'number' ? e.code : undefined,
      subcode: typeof e.error_subcode === 'number' ? e.error_subcode : undefined,
      message: typeof e.message === 'string' ? e.message : undefined,
    };
  }
  if (typeof body.error_type === 'string' || typeof body.error_message === 'string') {
    return {
      type: typeof body.error_type === 'string' ? body.error_type : undefined,
      code: typeof body.code === 'number' ? body.code : undefined,
      message: typeof body.error_message === 'string' ? body.error_message : undefined,
    };
  }
  return undefined;
}

async function call(what: string, url: string, init: RequestInit = {}): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new InstagramApiError(`${what}: ${timeout ? 'timed out' : 'network error'}`, timeout ? 'timeout' : 'unreachable', 0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const error = errorOf(body);
  if (!response.ok || error) {
    const invalidToken = error?.code === 190;
    const failure: InstagramFailure = invalidToken
      ? 'revoked'
      : response.status >= 500 || response.status === 0
        ? 'theirSide'
        : error?.type === 'OAuthException'
          ? 'signInRefused'
          : 'refused';
    throw new InstagramApiError(
      `${what}: ${response.status} ${error?.type ?? ''} ${error?.code ?? ''} ${error?.message ?? ''}`.trim(),
      failure,
      response.status,
      error?.code,
      invalidToken,
    );
  }
  if (!isObject(body)) throw new InstagramApiError(`${what}: unreadable answer`, 'unreadable', response.status);
  return body;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * An app-scoped user id as Meta's signed_request may carry it (at most 64 characters), else
 * undefined. A JSON number beyond 2^53 has lost digits when parsed: it names nobody.
 */
const scopedId = (value: unknown): string | undefined => {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return undefined;
  const id = text(value);
  return id && id.length <= 64 ? id : undefined;
};

function malformed(what: string): never {
  throw new InstagramApiError(`${what}: unexpected answer`, 'unreadable', 200);
}

/**
 * Code → short-lived token (POST, form-encoded). Instagram documents the answer as
 * `{ data: [{ access_token, user_id, permissions }] }`; it also answers the flat
 * `{ access_token, user_id, permissions }` (permissions a comma-separated string or a list).
 * `user_id` is the app-scoped user id (not the professional account id that /me's
 * `user_id` gives); only the token is required.
 */
export async function exchangeCode(input: { appId: string; appSecret: string; redirectUri: string; code: string }) {
  const body = await call('code exchange', TOKEN_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: input.appId,
      client_secret: input.appSecret,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code: input.code,
    }).toString(),
  });
  const entry = Array.isArray(body.data) && isObject(body.data[0]) ? body.data[0] : body;
  const accessToken = text(entry.access_token);
  const userId = scopedId(entry.user_id);
  if (!accessToken) malformed('code exchange');
  const raw = entry.permissions;
  const permissions = Array.isArray(raw)
    ? raw.filter((p): p is string => typeof p === 'string')
    : typeof raw === 'string'
      ? raw.split(',').map((p) => p.trim())
      : undefined;
  return { accessToken, userId, permissions };
}

function tokenAnswer(what: string, body: Json) {
  const accessToken = text(body.access_token);
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : undefined;
  if (!accessToken || !expiresIn) malformed(what);
  return { accessToken, expiresIn };
}

/** Short-lived → long-lived token (60 days): `{ access_token, token_type: 'bearer', expires_in }`. */
export async function longLivedToken(input: { appSecret: string; shortLivedToken: string }) {
  const url = new URL(`${GRAPH}/access_token`);
  url.searchParams.set('grant_type', 'ig_exchange_token');
  url.searchParams.set('client_secret', input.appSecret);
  url.searchParams.set('access_token', input.shortLivedToken);
  return tokenAnswer('long-lived token', await call('long-lived token', url.toString()));
}

/** A long-lived token at least 24 hours old → a new one, 60 days from now. */
export async function refreshLongLivedToken(accessToken: string) {
  const url = new URL(`${GRAPH}/refresh_access_token`);
  url.searchParams.set('grant_type', 'ig_refresh_token');
  url.searchParams.set('access_token', accessToken);
  return tokenAnswer('token refresh', await call('token refresh', url.toString()));
}

/**
 * The professional account behind a token: its Instagram user id (`user_id`, the one to
 * publish with), its app-scoped id (`id`), username and picture.
 */
export async function fetchProfile(accessToken: string) {
  const url = new URL(`${GRAPH}/me`);
  url.searchParams.set('fields', 'id,user_id,username,profile_picture_url');
  url.searchParams.set('access_token', accessToken);
  const body = await call('profile', url.toString());
  const userId = text(body.user_id) ?? text(body.id);
  const username = text(body.username);
  if (!userId || !username) malformed('profile');
  const picture = text(body.profile_picture_url);
  return {
    userId,
    scopedUserId: scopedId(body.id),
    username: username.slice(0, 100),
    pictureUrl: picture?.startsWith('https://') ? picture.slice(0, 2048) : null,
  };
}

/**
 * Meta's `signed_request` (deauthorize and data-deletion callbacks):
 * `base64url(HMAC-SHA256(payload part, app secret)).base64url(JSON payload)`. Returns the
 * payload's Instagram user id, or undefined when the signature, the algorithm or the
 * payload is not right. The signature is compared in constant time.
 */
export async function verifySignedRequest(signedRequest: string, appSecret: string): Promise<{ userId: string; payload: Json } | undefined> {
  if (signedRequest.length > 8192) return undefined;
  const parts = signedRequest.split('.');
  if (parts.length !== 2) return undefined;
  const [signaturePart, payloadPart] = parts as [string, string];
  let payload: unknown;
  let signature: Uint8Array;
  try {
    signature = fromBase64url(signaturePart.replace(/=+$/, ''));
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(payloadPart.replace(/=+$/, ''))));
  } catch {
    return undefined;
  }
  if (!isObject(payload) || typeof payload.algorithm !== 'string' || payload.algorithm.toUpperCase() !== 'HMAC-SHA256') return undefined;
  const expected = fromBase64url(await hmacSign(appSecret, payloadPart));
  if (!timingSafeEqual(signature, expected)) return undefined;
  const userId = text(payload.user_id);
  if (!userId || userId.length > 64) return undefined;
  return { userId, payload };
}
