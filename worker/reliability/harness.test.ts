import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adUpdateInput } from '#common/schemas/ads.ts';
import { projectUpdateInput } from '#common/schemas/projects.ts';
import { hostileJson, percentEncode, shapedJson } from '#worker/reliability/arbitraries.ts';
import { envelopeProblems, responseProblems } from '#worker/reliability/check.ts';

/** The fuzz's own judgement and generators: a fuzz that cannot see a bug, or never sends the hostile input, proves nothing. */
describe('reliability fuzz harness', () => {
  const envelope = {
    error: { code: 'validation_failed', message: 'Some fields need your attention.', details: { name: ['Enter your name.'] }, requestId: 'r-1' },
  };

  it('accepts the envelope and refuses everything else', async () => {
    expect(envelopeProblems(envelope, 422)).toEqual([]);
    expect(envelopeProblems(envelope, 400)).toEqual(['code validation_failed (422) on a 400 response']);
    expect(envelopeProblems({ error: { ...envelope.error, code: 'oops' } }, 422)).toEqual(['an unknown error code "oops"']);
    expect(envelopeProblems({ error: { ...envelope.error, requestId: '' } }, 422)).toEqual(['an error without a request id']);
    expect(envelopeProblems({ error: { ...envelope.error, details: { name: 'x' } } }, 422)).toEqual(['error details that are not field → messages']);
    expect(envelopeProblems({ error: { ...envelope.error, stack: 'x' } }, 422)).toEqual(['extra error fields ["stack"]']);
    expect(envelopeProblems({ message: 'Not found' }, 404)).toEqual(['an /api error body with keys ["message"]']);
  });

  it('flags a 500 anywhere, a non-JSON /api error and a stack trace', async () => {
    expect(await responseProblems('/about', new Response('<h1>Oops</h1>', { status: 500 }))).toEqual(['status 500']);
    expect(await responseProblems('/api/x', new Response('Internal Server Error', { status: 500 }))).toEqual([
      'status 500',
      'an /api error that is not JSON: Internal Server Error',
    ]);
    expect(await responseProblems('/login', new Response('TypeError: x\n    at f (worker.js:1:2)', { status: 400 }))).toEqual(['a stack trace in the body']);
    expect(await responseProblems('/api/x?y=1', Response.json(envelope, { status: 422 }))).toEqual([]);
    // Pages answer errors with HTML; only the JSON side must use the envelope.
    expect(await responseProblems('/contact', new Response('<p>Please correct the highlighted fields.</p>', { status: 422 }))).toEqual([]);
  });

  it('generates the hostile inputs the issue names, from a fixed seed', () => {
    const texts = fc.sample(hostileJson(['name']), { numRuns: 3000, seed: 42 });
    const joined = texts.join('\n');
    expect(joined).toContain('"__proto__":');
    expect(joined).toContain('"constructor":');
    expect(texts.some((t) => /\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i.test(t))).toBe(true); // a lone high surrogate, escaped
    expect(texts.some((t) => t.startsWith('[[[[[[[[[['))).toBe(true); // deep nesting
    expect(texts.some((t) => t.length > 100_000)).toBe(true); // huge strings
    expect(texts).toContain('""');
    expect(texts.some((t) => /(^|[,:[])(1e309|-1e400|9007199254740993)([,\]}]|$)/.test(t))).toBe(true); // edge numbers
    // Every generated body is JSON (a broken body is its own, separate case).
    for (const text of texts.slice(0, 500)) expect(() => JSON.parse(text)).not.toThrow();
  });

  it('shapes bodies by the route’s schema, so many get past validation', () => {
    for (const schema of [projectUpdateInput, adUpdateInput]) {
      const bodies = fc.sample(shapedJson(schema), { numRuns: 300, seed: 7 });
      const valid = bodies.filter((text) => schema.safeParse(JSON.parse(text)).success).length;
      expect(valid).toBeGreaterThan(30);
      expect(valid).toBeLessThan(300); // and some do not
    }
  });

  it('percent-encodes lone surrogates as the invalid UTF-8 a hostile client sends', () => {
    expect(percentEncode('a\ud800/b')).toBe('a%ED%A0%80%2Fb');
    expect(percentEncode('🙂')).toBe(encodeURIComponent('🙂'));
  });
});
