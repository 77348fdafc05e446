/**
 * Characters that change how a name is shown or where it goes, never part of a real file name:
 * C0 and C1 controls (NUL included) and DEL; bidirectional overrides, embeddings and isolates
 * (U+202E turns "photo‮gnp.exe" into what reads as "photoexe.png"); zero-width characters and
 * the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this is about
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** Reserved on Windows in any case and before any extension (CON, CON.txt, com1.png …). */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\.|$)/i;

/**
 * A stored file name that is safe wherever it is shown or used later (a download's
 * Content-Disposition, a ZIP entry, a listing): the last segment of whatever path it came
 * with (`../../etc/passwd` → `passwd`, `C:\x\y.png` → `y.png`), without invisible and control
 * characters, without leading dots and trailing dots or spaces (hidden files; Windows drops
 * them), a Windows device name prefixed with `_`, and never empty (`fallback`). Quotes and
 * the like stay: a download's header escapes them. Storage keys never come from it: they are
 * random ids.
 */
export function cleanFileName(name: string, fallback = 'file'): string {
  const segments = name
    .replace(INVISIBLE, '')
    .split(/[/\\]/)
    .filter((segment) => segment.trim() !== '');
  let cleaned = (segments.at(-1) ?? '')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+/, '')
    .replace(/[. ]+$/, '');
  if (WINDOWS_RESERVED.test(cleaned)) cleaned = `_${cleaned}`;
  return cleaned || fallback;
}
