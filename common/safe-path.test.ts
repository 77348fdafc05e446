import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeSameOriginPath } from '#common/safe-path.ts';

const ORIGIN = 'https://adloom.example';

describe('safeSameOriginPath', () => {
  it('never leaves the origin, whatever the input (browsers resolve the result like URL does)', () => {
    const tricky = fc.constantFrom(
      '/',
      '//',
      '\\',
      '/\\',
      '%2F',
      '%5C',
      '%252F',
      'https:',
      'javascript:',
      '\t',
      '\n',
      '@',
      '.',
      '..',
      'evil.example',
      '%09',
      '%00',
      '?',
      '#',
    );
    const input = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(tricky, fc.string({ maxLength: 3 })), { maxLength: 8 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(input, (value) => {
        const result = safeSameOriginPath(value);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result).not.toContain('\\');
        expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary same-origin paths with their query and fragment', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}?tab=signup#top`;
        expect(safeSameOriginPath(path)).toBe(path);
      }),
    );
  });

  it('does not let dot segments collapse into a protocol-relative path', () => {
    expect(safeSameOriginPath('/..//')).toBe('/');
    expect(safeSameOriginPath('/..//evil.example/x')).toBe('/');
    expect(safeSameOriginPath('/./..//evil.example')).toBe('/');
  });

  it('falls back for anything that is not a path', () => {
    expect(safeSameOriginPath(undefined, '/dashboard')).toBe('/dashboard');
    expect(safeSameOriginPath('dashboard', '/dashboard')).toBe('/dashboard');
    expect(safeSameOriginPath('/%E0%A4%A', '/x')).toBe('/x');
  });
});
