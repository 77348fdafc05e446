// The worker's .ts modules are outside ESLint's `lingui/no-unlocalized-strings` (decision 0032:
// there they are mostly AppError messages, whose English is the validation catalog's key, logs
// and prompts). This narrower guard counts the sentence-shaped string literals of each module
// (a capital, a space, a final . ! ?) against scripts/worker-words.json: a module may lose
// sentences, never gain one. A new sentence a person reads is a code the page words from a
// catalog (the Instagram callback's `detail`), or an AppError message the validation catalog
// covers; raise a count only for words nobody reads (a log, a prompt), and say so in the commit.
// `node scripts/check-worker-words.mjs --write` records the counts as they are.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './lib.mjs';

const BASELINE = join(root, 'scripts', 'worker-words.json');
const SENTENCE = /(['"`])([A-Z][^'"`\n]*? [^'"`\n]*?[.!?])\1/g;

function* modules(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') yield* modules(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The sentence-shaped literals of one module's code (comment lines left out). */
export function sentencesOf(source) {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return [...code.matchAll(SENTENCE)].map((match) => match[2]);
}

const counts = {};
for (const path of modules(join(root, 'worker'))) {
  const found = sentencesOf(readFileSync(path, 'utf8')).length;
  if (found > 0) counts[relative(root, path)] = found;
}

if (process.argv.includes('--write')) {
  writeFileSync(BASELINE, `${JSON.stringify(Object.fromEntries(Object.entries(counts).sort()), null, 2)}\n`);
  console.log(`Recorded ${Object.keys(counts).length} modules.`);
} else {
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
  const over = Object.entries(counts).filter(([path, n]) => n > (baseline[path] ?? 0));
  for (const [path, n] of over)
    console.log(
      `${path}: ${n} sentences, ${baseline[path] ?? 0} allowed (scripts/worker-words.json). Say a new one through a catalog; see the header of scripts/check-worker-words.mjs.`,
    );
  if (over.length > 0) process.exit(1);
}
