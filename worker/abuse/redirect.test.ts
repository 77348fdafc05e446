import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wellFormed } from '#common/schemas/fields.ts';
import { createUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * Open redirects (PRODUCT.md §2: `/redirect?to=` sends to a same-origin path only, anything else
 * → `/`), through the real worker: a corpus of known bypass strings, each also percent-encoded
 * once and twice and in mixed case, then fast-check mixes of their pieces. Whatever the input,
 * the answer is a 302 whose Location a browser resolves to this origin, never to a script URL,
 * never protocol-relative, never with a backslash or a control character. The same for the
 * sign-in form's `next` (a POST that redirects after signing in).
 */
const CORPUS = [
  '//evil.example',
  '//evil.example/path',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'hTtPs://evil.example',
  '//evil.example%2f%2e%2e',
  '/%2f%2fevil.example',
  '%2f%2fevil.example',
  '%2F%2Fevil.example',
  '%252f%252fevil.example',
  '%25252f%25252fevil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0aSet-Cookie:%20a=b',
  '/\u0000//evil.example',
  '//adloom.test@evil.example',
  'https://adloom.test@evil.example',
  '/@evil.example',
  '//evil.example@adloom.test',
  'https://adloom.test.evil.example',
  '//xn--80ak6aa92e.com',
  '//аpple.com',
  '//evil。example',
  '/〱evil.example',
  '//evil.example\u2044path',
  '/..//evil.example',
  '/./..//evil.example',
  '/%2e%2e//evil.example',
  '/%2e%2e%2f%2fevil.example',
  '/dashboard/..//evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'javascript://%0aalert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java%0ascript:alert(1)',
  '/javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//localhost',
  '//127.0.0.1',
  '//[::1]',
  '//0x7f.1',
  '//2130706433',
  'http:\\\\evil.example',
  '/\\\\evil.example',
  '/%252e%252e/%252f/evil.example',
  '',
  '/',
  '?',
  '#//evil.example',
];

function variants(value: string): string[] {
  const once = encode(value);
  return [value, once, encode(once), value.toUpperCase()];
}

/** Percent-encodes any string, a lone surrogate included (as U+FFFD, which a browser sends for it). */
function encode(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

async function expectOnSite(to: string) {
  const response = await send(`/redirect?to=${encode(to)}`);
  expect(response.status, to).toBe(302);
  const location = response.headers.get('location') ?? '';
  checkLocation(location, to);
}

function checkLocation(location: string, input: string) {
  expect(location.startsWith('/'), `${JSON.stringify(input)} → ${location}`).toBe(true);
  expect(location.startsWith('//'), `${JSON.stringify(input)} → ${location}`).toBe(false);
  // eslint-disable-next-line no-control-regex -- control characters are what this is about
  expect(location).not.toMatch(/[\\\u0000-\u001f\u007f]/);
  const resolved = new URL(location, ORIGIN);
  expect(resolved.origin, `${JSON.stringify(input)} → ${location}`).toBe(ORIGIN);
  expect(resolved.protocol).toBe('https:');
}

describe('/redirect?to= never leaves the site', () => {
  it.each(CORPUS.flatMap(variants).map((v) => [v]))('%j', async (to) => {
    await expectOnSite(to);
  });

  it('keeps a real same-origin path with its query and fragment', async () => {
    const response = await send(`/redirect?to=${encodeURIComponent('/pricing?plan=pro#packs')}`);
    expect(response.headers.get('location')).toBe('/pricing?plan=pro#packs');
  });

  it('an unencoded target in the raw query (the browser sent it as typed) is held to the same rule', async () => {
    for (const raw of ['//evil.example', '/\\evil.example', 'https:evil.example', '%2f%2fevil.example', 'javascript:alert(1)']) {
      const response = await send(`/redirect?to=${raw}`);
      checkLocation(response.headers.get('location') ?? '', raw);
    }
  });

  it('a repeated to= cannot smuggle a second target', async () => {
    const response = await send(`/redirect?to=/dashboard&to=${encodeURIComponent('//evil.example')}`);
    checkLocation(response.headers.get('location') ?? '', 'to twice');
  });

  it('fast-check mixes of the bypass pieces: always a same-origin path (property, through the worker)', async () => {
    const pieces = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2f',
      '%2F',
      '%5c',
      '%252f',
      '%09',
      '%0a',
      '\t',
      '\n',
      '@',
      '.',
      '..',
      '%2e',
      ':',
      'https:',
      'javascript:',
      'data:',
      'evil.example',
      'EVIL.example',
      'adloom.test',
      'xn--80ak6aa92e',
      'а',
      '。',
      '?',
      '#',
      ' ',
    );
    const target = fc.oneof(
      fc.array(pieces, { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
      fc.string({ unit: 'binary', maxLength: 24 }),
    );
    await fc.assert(
      fc.asyncProperty(target, async (to) => {
        await expectOnSite(to);
      }),
      { numRuns: 400 },
    );
  });
});

describe('the sign-in form’s next', () => {
  it('redirects on-site whatever next says, after a real sign-in', async () => {
    const user = await createUser();
    for (const next of ['//evil.example', '/\\evil.example', 'https:evil.example', 'javascript:alert(1)', '/%2f%2fevil.example', '/..//evil.example']) {
      const response = await send('/login', {
        form: { intent: 'signin', email: user.email, password: user.password, next },
        headers: { accept: 'text/html', 'cf-connecting-ip': '192.0.2.90' },
      });
      expect(response.status).toBe(303);
      checkLocation(response.headers.get('location') ?? '', next);
    }
  });
});
