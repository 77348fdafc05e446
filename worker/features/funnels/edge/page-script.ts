import { PAGE_SCRIPT } from '#client/public/funnel-script.ts';

/** The hash once made (a settled string, never a pending promise: worker/lib/settled-cache.ts). */
let hash: string | undefined;

/** The CSP source that allows exactly the funnel pages' inline script (client/public/funnel-script.ts): `'sha256-…'`. */
export async function pageScriptHash(): Promise<string> {
  if (hash === undefined) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PAGE_SCRIPT));
    hash = `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
  }
  return hash;
}

export { PAGE_SCRIPT };
