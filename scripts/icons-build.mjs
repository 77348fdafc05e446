#!/usr/bin/env node
/**
 * The Elements picker's icon set (decision 0035): every icon of the installed lucide-react
 * (ISC) as its 24 × 24 shapes, written into client/features/creatives/icon-set/part-N.json,
 * parts of about PART_BYTES each so that no lazy chunk passes its budget. The picker loads
 * them when it opens; a chosen icon's shapes are copied into the document.
 *   node scripts/icons-build.mjs           writes the parts
 *   node scripts/icons-build.mjs --check   fails when they differ from the installed lucide-react
 */
import { readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const FROM = 'node_modules/lucide-react/dist/esm/icons';
const TO = 'client/features/creatives/icon-set';
const PART_BYTES = 160_000;

const icons = new Map();
for (const file of readdirSync(FROM)
  .filter((f) => f.endsWith('.mjs'))
  .sort()) {
  const { __iconData: data } = await import(pathToFileURL(join(process.cwd(), FROM, file)).href);
  if (!data || icons.has(data.name)) continue;
  icons.set(
    data.name,
    data.node.map(([tag, attrs]) => [tag, Object.fromEntries(Object.entries(attrs).filter(([key]) => key !== 'key'))]),
  );
}
const names = [...icons.keys()].sort();
const parts = [[]];
let bytes = 0;
for (const name of names) {
  const entry = [name, icons.get(name)];
  const size = JSON.stringify(entry).length;
  if (bytes + size > PART_BYTES && parts.at(-1).length > 0) {
    parts.push([]);
    bytes = 0;
  }
  parts.at(-1).push(entry);
  bytes += size;
}
const files = parts.map((part, i) => [join(TO, `part-${i + 1}.json`), `${JSON.stringify(part)}\n`]);
const version = JSON.parse(readFileSync('node_modules/lucide-react/package.json', 'utf8')).version;
const index = `${[
  `// Written by scripts/icons-build.mjs from lucide-react ${version} (ISC, see LICENSE here): do not edit.`,
  `export const ICON_PARTS = [${files.map(([path]) => `() => import('./${path.slice(TO.length + 1)}')`).join(', ')}] as const;`,
  `export const ICON_COUNT = ${names.length};`,
].join('\n')}\n`;
files.push([join(TO, 'parts.ts'), index]);

if (process.argv.includes('--check')) {
  const stale = files.filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text).map(([path]) => path);
  if (stale.length > 0) {
    console.error(`icons-build: stale, run node scripts/icons-build.mjs: ${stale.join(', ')}`);
    process.exit(1);
  }
} else {
  for (const file of readdirSync(TO).filter((f) => /^part-\d+\.json$/.test(f))) rmSync(join(TO, file));
  for (const [path, text] of files) writeFileSync(path, text);
  console.log(`icons-build: ${names.length} icons in ${parts.length} parts`);
}
