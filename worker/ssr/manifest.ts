import type { Bindings } from '#worker/env.ts';

/** One chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const ENTRIES = {
  app: 'index.html',
  public: 'client/public/entry.tsx',
  styles: 'client/styles.css',
  /** The funnel pages' own stylesheet: only what the blocks draw with (decision 0039). */
  funnel: 'client/styles/funnel.css',
} as const;

export interface PageAssets {
  stylesheet: string;
  /** The funnel pages' stylesheet (client/styles/funnel.css): inlined in their head, linked by the funnel's 404. */
  funnelStylesheet: string;
  /** The variable font file for the characters pages show (client/styles/fonts, decision 0039), preloaded by every page. */
  font: string | undefined;
  manifest: Manifest;
}

/**
 * Static for the lifetime of a deployment: read once per isolate. The value, not the pending
 * read: that promise is settled in the context of the request that fetched it
 * (worker/lib/settled-cache.ts), so the first requests of a cold isolate each read it.
 */
let cached: PageAssets | undefined;

async function load(assets: Fetcher): Promise<PageAssets> {
  const response = await assets.fetch(new Request('https://assets.invalid/.vite/manifest.json'));
  if (!response.ok) {
    throw new Error('The client build is missing (dist/client/.vite/manifest.json). Run `npm run build` first.');
  }
  const manifest = (await response.json()) as Manifest;
  const styles = manifest[ENTRIES.styles];
  const funnel = manifest[ENTRIES.funnel];
  if (!styles || !funnel) throw new Error(`The build manifest has no ${styles ? ENTRIES.funnel : ENTRIES.styles} entry.`);
  const font = Object.values(manifest).find((chunk) => chunk.file.includes('inter-page-wght-normal'))?.file;
  return { stylesheet: `/${styles.file}`, funnelStylesheet: `/${funnel.file}`, font: font ? `/${font}` : undefined, manifest };
}

export async function pageAssets(env: Pick<Bindings, 'ASSETS'>): Promise<PageAssets> {
  cached ??= await load(env.ASSETS);
  return cached;
}

/** The funnel stylesheet's text, read once per isolate (the value, as `cached` above). */
let funnelCss: string | undefined;

/** The text of the funnel pages' stylesheet, which they carry in their head: no request stands before their first paint. */
export async function funnelStyles(env: Pick<Bindings, 'ASSETS'>): Promise<string> {
  if (funnelCss !== undefined) return funnelCss;
  const { funnelStylesheet } = await pageAssets(env);
  const response = await env.ASSETS.fetch(new Request(`https://assets.invalid${funnelStylesheet}`));
  if (!response.ok) throw new Error(`The client build has no ${funnelStylesheet}. Run \`npm run build\` first.`);
  const css = (await response.text()).trim();
  // Carried inside a <style> element: a closing tag in it would end the element early.
  if (css.includes('</')) throw new Error(`${funnelStylesheet} cannot be inlined: it contains "</".`);
  funnelCss = css;
  return funnelCss;
}

/** An entry's chunk and every chunk it statically imports, each once, depth first (the entry first). */
function chunkTree(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return [];
  return [chunk, ...(chunk.imports ?? []).flatMap((imported) => chunkTree(manifest, imported, seen))];
}

/** An entry's own file and every static import it pulls in (for modulepreload), depth first. */
export function chunkFiles(manifest: Manifest, key: string): string[] {
  return chunkTree(manifest, key).map((chunk) => `/${chunk.file}`);
}

/** CSS files an entry needs (its own and its imports'). */
export function chunkCss(manifest: Manifest, key: string): string[] {
  return chunkTree(manifest, key).flatMap((chunk) => (chunk.css ?? []).map((f) => `/${f}`));
}
