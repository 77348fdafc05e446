export const root: string;
export const WRANGLER_ENV: Readonly<{ WRANGLER_SEND_METRICS: 'false'; CLOUDFLARE_CF_FETCH_ENABLED: 'false' }>;
export function run(
  command: string,
  args: string[],
  options?: import('node:child_process').SpawnSyncOptions,
): import('node:child_process').SpawnSyncReturns<Buffer | string>;
export function chromiumPath(options?: { headlessShell?: boolean }): string | undefined;
export const CHROMIUM_INSTALL_HINT: string;
