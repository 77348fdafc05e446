import { forgetCustomDomain as forgetHost } from '#worker/features/funnels/edge/custom-domain.ts';
import { purgeFunnel, purgePage, type PurgeFunnelTarget, type PurgePageTarget } from '#worker/features/funnels/edge/cache.ts';

async function safely(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    // A purge that fails leaves an old copy for at most EDGE_TTL_SECONDS: never a failed save.
    console.error(JSON.stringify({ level: 'error', message: 'edge_purge_failed', error: error instanceof Error ? error.message : String(error) }));
  }
}

/** Deletes the cached copies of one page (cache.ts `purgePage`); a purge that fails is logged, never a failed save. */
export function purgePageCopies(target: PurgePageTarget): Promise<void> {
  return safely(purgePage(target));
}

/** Deletes every cached page of a funnel (cache.ts `purgeFunnel`); a purge that fails is logged, never a failed save. */
export function purgeFunnelCopies(target: PurgeFunnelTarget): Promise<void> {
  return safely(purgeFunnel(target));
}

/** Forgets what this isolate knows about a custom domain (its funnel changed it or was deleted): other isolates see it within a minute. */
export function forgetCustomDomain(domain: string | null | undefined): void {
  forgetHost(domain);
}
