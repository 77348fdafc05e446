// The message catalogs' compiler (`node --test scripts/i18n-compile.test.mjs`, in `npm run lint`).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { argumentsOf, compileArea } from './i18n-compile.mjs';

/** A catalog area in a temporary folder: its English and German sources. */
function area(english, german) {
  const root = mkdtempSync(join(tmpdir(), 'adloom-i18n-'));
  mkdirSync(join(root, 'test'));
  writeFileSync(join(root, 'test', 'en.ts'), `export const en = ${JSON.stringify(english)};\n`);
  writeFileSync(join(root, 'test', 'de.ts'), `export const de = ${JSON.stringify(german)};\n`);
  return root;
}

describe('the catalogs’ compiler', () => {
  it('compiles plurals, selects and numbers for Lingui', async () => {
    const root = area(
      { 'leads.count': '{count, plural, =0 {No leads} one {# lead} other {# leads}}', hello: 'Hello {name}' },
      { 'leads.count': '{count, plural, =0 {Keine Leads} one {# Lead} other {# Leads}}', hello: 'Hallo {name}' },
    );
    const compiled = await compileArea('test', root);
    assert.deepEqual(compiled.de.hello, ['Hallo ', ['name']]);
    assert.deepEqual(argumentsOf(compiled.de['leads.count']), ['count:plural']);
  });

  it('fails on a message that is not valid ICU, naming it', async () => {
    const root = area({ broken: 'Hello {name' }, { broken: 'Hallo {name}' });
    await assert.rejects(compileArea('test', root), /test\/en\.ts: “broken” is not valid ICU MessageFormat/);
  });

  it('fails when German uses other arguments than English', async () => {
    const root = area({ count: '{count, plural, one {# lead} other {# leads}}' }, { count: '{anzahl, plural, one {# Lead} other {# Leads}}' });
    await assert.rejects(compileArea('test', root), /“count” uses \{anzahl:plural\}, English uses \{count:plural\}/);
  });

  it('fails on a key missing in German and on one English does not have', async () => {
    const root = area({ a: 'A', b: 'B' }, { a: 'A', c: 'C' });
    await assert.rejects(compileArea('test', root), (error) => {
      assert.match(error.message, /test\/de\.ts: “b” is missing/);
      assert.match(error.message, /test\/de\.ts: “c” is not in en\.ts/);
      return true;
    });
  });
});
