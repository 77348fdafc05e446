import type { D1Migration } from 'cloudflare:test';
import type { Bindings } from '#worker/env.ts';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database for the upgrade fixtures (vitest.config.ts). */
      UPGRADE_DB: D1Database;
      /** A renderer Worker of its own for the tests that count the pixels in flight (vitest.config.ts). */
      SOLO_RENDERER: Bindings['RENDERER'];
    }
  }
}
