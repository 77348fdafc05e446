import { AppError } from '#worker/lib/errors.ts';
import { hmacSha256, timingSafeEqual, toHex } from '#worker/lib/crypto.ts';

/**
 * The small part of Stripe's API that Adloom uses, over fetch (form-encoded requests,
 * JSON answers), and webhook signature verification with Web Crypto. Tests intercept
 * `fetch` to api.stripe.com with Stripe's response shapes.
 */
const STRIPE_API = 'https://api.stripe.com/v1';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe's bracket notation: { line_items: [{ quantity: 1 }] } → line_items[0][quantity]=1 */
export function toForm(params: Record<string, unknown>, prefix = '', out = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value))
      value.forEach((item, i) =>
        typeof item === 'object' ? toForm(item as Record<string, unknown>, `${name}[${i}]`, out) : out.append(`${name}[${i}]`, String(item)),
      );
    else if (typeof value === 'object') toForm(value as Record<string, unknown>, name, out);
    else out.append(name, String(value));
  }
  return out;
}

export async function stripeRequest<T>(
  secretKey: string,
  method: 'GET' | 'POST',
  path: string,
  params?: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${STRIPE_API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: params && method === 'POST' ? toForm(params).toString() : undefined,
      redirect: 'manual',
    });
  } catch {
    throw new AppError('upstream_failed', 'The payment provider could not be reached. Please try again.');
  }
  const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string; type?: string } };
  if (!response.ok) {
    console.error(`[stripe] ${method} ${path} failed with ${response.status}: ${body.error?.type ?? 'unknown'}`);
    throw new AppError('upstream_failed', 'The payment provider refused the request. Please try again or contact support.');
  }
  return body;
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, payload: string): Promise<string> {
  return toHex(await hmacSha256(secret, payload));
}

/** Builds a `Stripe-Signature` header value (for tests and the local sandbox). */
export async function signStripePayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

/**
 * Verifies a webhook the way Stripe documents it: the header's timestamp within five
 * minutes, and one of its v1 signatures equal to HMAC-SHA256(secret, "t.payload").
 * Anything else is 400 `bad_request`.
 */
export async function verifyStripeSignature(secret: string, payload: string, header: string | undefined, now = Date.now()): Promise<void> {
  if (!header) throw new AppError('bad_request', 'Missing Stripe-Signature header.');
  const parts = header.split(',').map((part) => part.split('=') as [string, string | undefined]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new AppError('bad_request', 'Malformed Stripe-Signature header.');
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new AppError('bad_request', 'The webhook timestamp is outside the tolerance.');
  const expected = encoder.encode(await hmacHex(secret, `${timestamp}.${payload}`));
  if (!signatures.some((signature) => timingSafeEqual(encoder.encode(signature), expected)))
    throw new AppError('bad_request', 'The webhook signature does not match.');
}
