import { describe, expect, it } from 'vitest';
import { ROUTE_AREAS } from '#client/app/route-areas.ts';
import { ROUTE_MODULES } from '#client/app/router.tsx';

// Every source file of the workspace, as text, and every area's English catalog (its ids).
const SOURCES = import.meta.glob<string>(['/client/**/*.{ts,tsx}', '!/client/**/*.test.{ts,tsx}', '!/client/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const CATALOGS = import.meta.glob<Record<string, string>>('/common/locales/*/en.ts', { import: 'en', eager: true });

const AREA_OF = new Map<string, string>();
for (const [path, messages] of Object.entries(CATALOGS)) {
  const area = path.split('/')[3]!;
  // An id in two areas (the islands repeat a few of core's) counts as the other one's.
  for (const id of Object.keys(messages)) if (!AREA_OF.has(id) || area !== 'islands') AREA_OF.set(id, area);
}

/** The file an import specifier names, when it is one of the workspace's own. */
function resolve(from: string, specifier: string): string | null {
  let path: string;
  if (specifier.startsWith('#client/')) path = `/client/${specifier.slice('#client/'.length)}`;
  else if (specifier.startsWith('.')) path = new URL(specifier, `file://${from}`).pathname;
  else return null;
  return SOURCES[path] !== undefined ? path : null;
}

/** The files a module reaches through its static and dynamic imports (what renders under it). */
function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of SOURCES[file]!.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = resolve(file, match[1]!);
      if (target) queue.push(target);
    }
  }
  return seen;
}

/**
 * The Lingui message ids a file names (any string literal that is an id of some catalog). Two
 * areas bring their own messages and are left out: `content`, which a customer's content reads
 * under <ContentLanguage> (its own instance, in the content's language), and `islands`, which
 * the public islands read through useIslandText (client/public/island-text.tsx), without Lingui.
 */
function idsIn(file: string): string[] {
  return [...SOURCES[file]!.matchAll(/['`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['`]/g)]
    .map((m) => m[1]!)
    .filter((id) => AREA_OF.has(id) && AREA_OF.get(id) !== 'content' && AREA_OF.get(id) !== 'islands');
}

function routeFile(path: keyof typeof ROUTE_MODULES): string {
  const specifier = /import\('(#client\/[^']+)'\)/.exec(ROUTE_MODULES[path].toString());
  // Vite rewrites the specifier in the compiled function: fall back on the router's source text.
  const source = SOURCES['/client/app/router.tsx']!;
  const line = source.split('\n').find((l) => l.includes(`'${path}': () => import(`));
  const named = specifier?.[1] ?? /import\('(#client\/[^']+)'\)/.exec(line ?? '')?.[1];
  if (!named) throw new Error(`No module for ${path}`);
  return resolve('/client/app/router.tsx', named)!;
}

describe('route message areas', () => {
  it('knows the module of every route', () => {
    for (const path of Object.keys(ROUTE_AREAS) as (keyof typeof ROUTE_MODULES)[]) expect(routeFile(path)).toMatch(/^\/client\/app\/routes\//);
  });

  it.each(Object.keys(ROUTE_AREAS) as (keyof typeof ROUTE_MODULES)[])('%s loads every area its screens read', (path) => {
    const loaded = new Set(['core', ...ROUTE_AREAS[path]]);
    const missing = new Map<string, string>();
    for (const file of closure(routeFile(path)))
      for (const id of idsIn(file)) if (!loaded.has(AREA_OF.get(id)!)) missing.set(`${AREA_OF.get(id)}: ${id}`, file);
    expect([...missing].map(([id, file]) => `${id} (${file})`)).toEqual([]);
  });

  it('the shell and what every screen shares read the core area only', () => {
    const shared = ['/client/app/shell.tsx', '/client/app/route-error.tsx', '/client/components/not-found.tsx'];
    const outside = shared.flatMap((entry) =>
      [...closure(entry)].flatMap((file) =>
        idsIn(file)
          .filter((id) => AREA_OF.get(id) !== 'core')
          .map((id) => `${id} (${file})`),
      ),
    );
    expect(outside).toEqual([]);
  });

  it('names only areas that exist', () => {
    const areas = new Set(Object.keys(CATALOGS).map((p) => p.split('/')[3]));
    for (const list of Object.values(ROUTE_AREAS)) for (const area of list) expect(areas).toContain(area);
  });

  it('would notice a route that reads an area it does not load', () => {
    // The check itself: the account screen's language card reads core only, so its ids all pass,
    // while an id of the dashboard area is found and placed in the dashboard area.
    const file = '/client/features/account/language-card.tsx';
    expect(idsIn(file).length).toBeGreaterThan(0);
    expect(closure(routeFile('/account'))).toContain(file);
    expect(idsIn(file).every((id) => AREA_OF.get(id) === 'core')).toBe(true);
  });
});
