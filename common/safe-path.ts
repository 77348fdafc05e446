/**
 * Returns `value` when it is a same-origin path (`/x`, `/x?y#z`), otherwise `fallback`.
 * Refuses protocol-relative (`//host`), backslash tricks (`/\host`), schemes
 * (`https:`, `javascript:`), control characters and their percent-encoded forms.
 */
export function safeSameOriginPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/')) return fallback;
  let decoded = value;
  // Decode repeatedly so that %2F%2F, %5C and double encodings are seen as what they become.
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith('/')) return fallback;
    const second = candidate.charAt(1);
    if (second === '/' || second === '\\') return fallback;
    if (candidate.includes('\\')) return fallback;
    if (hasControlCharacter(candidate)) return fallback;
  }
  // Resolve against a dummy origin: anything that leaves it is not ours.
  try {
    const base = 'https://adloom.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const path = url.pathname + url.search + url.hash;
    // Dot segments can collapse into a protocol-relative path ("/..//host" → "//host").
    if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** C0 control characters and DEL (a tab or newline in a path is never meant). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
