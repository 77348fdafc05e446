import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanFileName } from '#common/file-name.ts';

// eslint-disable-next-line no-control-regex -- control characters are what this is about
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

describe('cleanFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['C:\\Users\\me\\Desktop\\hero.jpg', 'hero.jpg'],
    ['/absolute/path/to/logo.webp', 'logo.webp'],
    ['photos/', 'photos'],
    ['a\u0000b.png', 'ab.png'],
    ['line\r\nbreak.png', 'linebreak.png'],
    ['photo\u202egnp.exe', 'photognp.exe'],
    ['\u2066invoice\u2069.pdf.png', 'invoice.pdf.png'],
    ['zero\u200bwidth\ufeff.gif', 'zerowidth.gif'],
    ['CON', '_CON'],
    ['con.png', '_con.png'],
    ['LPT1.jpg', '_LPT1.jpg'],
    ['Com9', '_Com9'],
    ['console.png', 'console.png'],
    ['.htaccess', 'htaccess'],
    ['name. . .', 'name'],
    ['..', 'file'],
    ['...', 'file'],
    ['/', 'file'],
    ['\u202e', 'file'],
    ['Grüße "final".png', 'Grüße "final".png'],
    ['  spaced   out  .png', 'spaced out .png'],
  ])('%j → %j', (input, expected) => {
    expect(cleanFileName(input)).toBe(expected);
  });

  it('never keeps a path, an invisible character, a leading dot or a device name, and is never empty (property)', () => {
    const tricky = fc.constantFrom('/', '\\', '..', '.', '\u0000', '\u202e', '\u2066', '\u200f', '\ufeff', 'CON', 'nul', 'com1', ' ', '\t', '.png', 'a');
    const name = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.array(tricky, { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(name, (input) => {
        const out = cleanFileName(input);
        expect(out.length).toBeGreaterThan(0);
        expect(out.length).toBeLessThanOrEqual(Math.max(input.length, 'file'.length) + 1);
        expect(out).not.toMatch(/[/\\]/);
        expect(out).not.toMatch(INVISIBLE);
        expect(out.startsWith('.')).toBe(false);
        expect(out).not.toMatch(/[. ]$/);
        expect(out).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i);
        expect(cleanFileName(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});
