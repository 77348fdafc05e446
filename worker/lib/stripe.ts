import type Stripe from 'stripe';
import { AppError } from '#worker/lib/errors.ts';

/**
 * Stripe through its official package (docs/decisions/0010-stripe-package.md): its fetch
 * HTTP client and its webhook verification with Web Crypto, both of which run in workerd.
 * The package is loaded on first use, not when an isolate starts: evaluating its ≈ 100
 * resource classes costs tens of milliseconds of CPU, and almost no request needs it.
 */
const load = async () => (await import('stripe')).default;

/**
 * A client for one request's key. Its HTTP client reads the global `fetch` when it is made,
 * so tests that intercept `fetch` (worker/test/fetch.ts) see its requests.
 */
async function stripeClient(secretKey: string): Promise<Stripe> {
  const Stripe = await load();
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // One retry, under the idempotency key every POST carries: a click waits seconds, not minutes.
    maxNetworkRetries: 1,
    timeout: 20_000,
    // The package would otherwise report each request's latency to Stripe in the next one's headers.
    telemetry: false,
  });
}

/**
 * Runs one Stripe API call; its failures become `upstream_failed` (502). The log names the
 * status, Stripe's error type and request id, never its message (which can echo the customer's details).
 */
export async function stripeCall<T>(secretKey: string, what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const Stripe = await load();
  const stripe = await stripeClient(secretKey);
  try {
    return await call(stripe);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError)
      throw new AppError('upstream_failed', 'The payment provider could not be reached. Please try again.');
    if (error instanceof Stripe.errors.StripeError) {
      const code = error.code ? ` (${error.code})` : '';
      console.error(
        `[stripe] ${what} failed with ${error.statusCode ?? 'no status'}: ${error.rawType ?? error.type}${code}, request ${error.requestId ?? 'unknown'}`,
      );
      throw new AppError('upstream_failed', 'The payment provider refused the request. Please try again or contact support.');
    }
    throw error;
  }
}

/** How far ahead of our clock a signature's timestamp may be (clock skew), like the tolerance behind it. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * Verifies a webhook with `constructEventAsync` (the `Stripe-Signature` header's v1 HMAC and
 * its timestamp within five minutes, in the past or the future) and returns its parsed JSON, or `undefined` when the
 * verified body is not a JSON event. A missing, malformed or wrong signature is 400 `bad_request`.
 */
export async function verifyStripeWebhook(secret: string, payload: string, header: string | undefined, now = Date.now()): Promise<unknown> {
  const Stripe = await load();
  // The library refuses timestamps older than its tolerance but not ones from the future: Stripe
  // signs with the time it sends, so a signature dated ahead was not made by it for this moment.
  const signedAt = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header ?? '')?.[1];
  if (signedAt !== undefined && Number(signedAt) * 1000 > now + FUTURE_TOLERANCE_MS)
    throw new AppError('bad_request', 'The Stripe-Signature header does not verify this body.');
  try {
    return await Stripe.webhooks.constructEventAsync(payload, header ?? '', secret, undefined, Stripe.createSubtleCryptoProvider());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw new AppError('bad_request', 'The Stripe-Signature header does not verify this body.');
    // Every check of the signature throws the error above, so this body is Stripe's and was
    // verified: it is not JSON, or it is a thin (v2) event, which this endpoint does not take.
    if (error instanceof SyntaxError || (error instanceof Error && error.message.startsWith('You passed a thin event'))) return undefined;
    // Anything else (no crypto provider, a changed library) is our fault: a 500 Stripe retries.
    throw error;
  }
}
