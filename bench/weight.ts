import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export function gzipBytes(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).byteLength;
}

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Every JS file a set of files pulls in through static imports (what the browser loads). */
export function closure(manifest: Manifest, files: Iterable<string>): Set<string> {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(`/${chunk.file}`)) return;
    seen.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const file of files) {
    const key = byFile.get(file);
    if (key) visit(key);
    else seen.add(file);
  }
  return seen;
}

export function jsBytes(files: Iterable<string>, clientDir: string): number {
  let total = 0;
  for (const file of files) if (file.endsWith('.js')) total += gzipBytes(join(clientDir, file));
  return total;
}

/**
 * The JavaScript a page makes the browser load: script sources, module preloads, what
 * inline scripts import, and the chunk of every island it renders (the island entry
 * imports those dynamically). `closure()` adds their static imports.
 */
export function pageScripts(html: string, manifest: Manifest): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<script\b[^>]*>([^<]*)<\/script>/g)) for (const i of m[1]!.matchAll(/import\("([^"]+)"\)/g)) files.add(i[1]!);
  for (const m of html.matchAll(/data-island="([a-z-]+)"/g)) {
    const chunk = manifest[`client/public/islands/${m[1]}.tsx`];
    if (chunk) files.add(`/${chunk.file}`);
  }
  return [...files];
}

/**
 * The JavaScript written into the page itself: the bodies of inline scripts (not data blocks
 * like `type="application/json"`), gzip. A funnel page's one script counts here.
 */
export function inlineJsBytes(html: string): number {
  let total = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = m[1]!;
    if (/\bsrc=/i.test(attributes) || !m[2]!.trim()) continue;
    const type = /\btype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    total += gzipSync(m[2]!, { level: 9 }).byteLength;
  }
  return total;
}

/**
 * The CSS a page makes the browser read before its first paint: its <style> elements' bodies and
 * the stylesheets it links, each gzip. A funnel page's is its inline funnel stylesheet and theme.
 */
export function cssBytes(html: string, clientDir: string): number {
  let total = 0;
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) total += gzipSync(m[1]!, { level: 9 }).byteLength;
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) total += gzipBytes(join(clientDir, m[1]!));
  return total;
}

/** The workspace's lazy route chunks: for each, what it adds beyond the initial load. */
export function lazyChunks(manifest: Manifest, initial: Set<string>, clientDir: string): { name: string; bytes: number }[] {
  const app = manifest['index.html'];
  return (app?.dynamicImports ?? []).map((key) => {
    const files = [...closure(manifest, [`/${manifest[key]!.file}`])].filter((f) => !initial.has(f));
    return { name: key, bytes: jsBytes(files, clientDir) };
  });
}

export function bundleSize(dir: string): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.map') || file === 'README.md') continue;
    const path = join(dir, file);
    raw += statSync(path).size;
    gzip += gzipBytes(path);
  }
  return { raw, gzip };
}

/** Active (non-idle) time in a V8 CPU profile, in milliseconds. */
export function activeProfileMs(profilePath: string): number {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as {
    nodes: { id: number; callFrame: { functionName: string } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let active = 0;
  profile.samples.forEach((node, i) => {
    if (!idle.has(node)) active += profile.timeDeltas[i] ?? 0;
  });
  return active / 1000;
}
