import type { D1Migration } from 'cloudflare:test';
import type { Bindings } from '#worker/env.ts';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database for the upgrade fixtures (vitest.config.ts). */
      UPGRADE_DB: D1Database;
      /** A renderer no API render reaches, for tests that need its in-flight count to be their own (vitest.config.ts). */
      SOLO_RENDERER: Bindings['RENDERER'];
    }
  }
}
