import * as Sentry from '@sentry/cloudflare';
import { createApp } from '#worker/app.ts';
import { checkEnv, type Bindings } from '#worker/env.ts';
import { scheduled } from '#worker/jobs/index.ts';
import { queue } from '#worker/queues/index.ts';
import { scrubEvent } from '#worker/lib/sentry.ts';
import { newRequestIds } from '#worker/middleware/request-id.ts';
import { applySecurityHeaders } from '#worker/middleware/security-headers.ts';

const app = createApp();

const plain = {
  fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => app.fetch(request, env, ctx),
  scheduled,
  queue,
} satisfies ExportedHandler<Bindings>;

/** The same handlers reporting to Sentry; used only when SENTRY_DSN is configured. */
const monitored: ExportedHandler<Bindings> = Sentry.withSentry<Bindings>(
  (env) => ({ dsn: env.SENTRY_DSN, sendDefaultPii: false, tracesSampleRate: 0, beforeSend: scrubEvent }),
  // withSentry instruments the object it is given in place: hand it a copy.
  { ...plain },
) as ExportedHandler<Bindings>;

/** Logged once per environment: which settings are wrong (never their values). */
const reported = new WeakSet<object>();

function misconfigured(raw: object, problems: string[]): void {
  if (reported.has(raw)) return;
  reported.add(raw);
  console.error(`Adloom is not configured correctly (README → Configuration):\n- ${problems.join('\n- ')}`);
}

/**
 * The entry: the configuration is checked once (worker/env.ts) before anything is served.
 * A misconfigured deployment answers every request with a plain 500 that names no setting
 * (the log does), runs no scheduled job and leaves queued messages for a later delivery.
 */
export default {
  fetch(request, rawEnv, ctx) {
    const checked = checkEnv(rawEnv);
    if ('problems' in checked) {
      misconfigured(rawEnv, checked.problems);
      const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      // Served before the app (and its middleware) runs: the request id and security headers are added here.
      const { requestId, nonce } = newRequestIds();
      applySecurityHeaders(headers, nonce);
      headers.set('X-Request-Id', requestId);
      return new Response('Adloom is not configured correctly. The operator can find the details in the worker’s log.', { status: 500, headers });
    }
    const env = checked.env;
    return env.SENTRY_DSN ? monitored.fetch!(request, env, ctx) : plain.fetch(request, env, ctx);
  },
  scheduled(controller, rawEnv, ctx) {
    const checked = checkEnv(rawEnv);
    if ('problems' in checked) return misconfigured(rawEnv, checked.problems);
    const env = checked.env;
    return env.SENTRY_DSN ? monitored.scheduled!(controller, env, ctx) : plain.scheduled(controller, env, ctx);
  },
  queue(batch, rawEnv, ctx) {
    const checked = checkEnv(rawEnv);
    if ('problems' in checked) {
      misconfigured(rawEnv, checked.problems);
      return batch.retryAll({ delaySeconds: 300 });
    }
    const env = checked.env;
    return env.SENTRY_DSN ? monitored.queue!(batch, env, ctx) : plain.queue(batch, env, ctx);
  },
} satisfies ExportedHandler<object>;
