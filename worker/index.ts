import * as Sentry from '@sentry/cloudflare';
import { createApp } from '#worker/app.ts';
import type { Bindings } from '#worker/env.ts';
import { scheduled } from '#worker/jobs/index.ts';

const app = createApp();

const plain = {
  fetch: (request: Request, env: Bindings, ctx: ExecutionContext) => app.fetch(request, env, ctx),
  scheduled,
} satisfies ExportedHandler<Bindings>;

/** The same handlers reporting to Sentry; used only when SENTRY_DSN is configured. */
const monitored: ExportedHandler<Bindings> = Sentry.withSentry<Bindings>(
  (env) => ({
    dsn: env.SENTRY_DSN,
    sendDefaultPii: false,
    tracesSampleRate: 0,
    beforeSend(event) {
      if (event.user) delete event.user.ip_address;
      if (event.request) {
        delete event.request.cookies;
        if (event.request.headers) {
          delete event.request.headers.cookie;
          delete event.request.headers.authorization;
        }
      }
      return event;
    },
  }),
  // withSentry instruments the object it is given in place: hand it a copy.
  { ...plain },
) as ExportedHandler<Bindings>;

export default {
  fetch(request, env, ctx) {
    return env.SENTRY_DSN ? monitored.fetch!(request, env, ctx) : plain.fetch(request, env, ctx);
  },
  scheduled(controller, env, ctx) {
    return env.SENTRY_DSN ? monitored.scheduled!(controller, env, ctx) : plain.scheduled(controller, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;
