import { PAGE_SCRIPT } from '#client/public/funnel-script.ts';

let hash: Promise<string> | undefined;

/** The CSP source that allows exactly the funnel pages' inline script (client/public/funnel-script.ts): `'sha256-…'`. */
export function pageScriptHash(): Promise<string> {
  hash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(PAGE_SCRIPT)).then((digest) => {
    const b64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
    return `'sha256-${b64}'`;
  });
  return hash;
}

export { PAGE_SCRIPT };
