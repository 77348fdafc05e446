import { describe, expect, it } from 'vitest';
import { startI18n } from '#client/lib/i18n.tsx';
import { describeUserAgent } from '#client/lib/user-agent.ts';

const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('describeUserAgent', () => {
  it.each([
    [SAFARI_MAC, 'Safari on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['curl/8.5.0', 'Script'],
    [null, 'Unknown device'],
  ])('%s → %s', async (ua, expected) => {
    const i18n = await startI18n('en', ['account']);
    expect(describeUserAgent(i18n._.bind(i18n), ua)).toBe(expected);
  });

  it('speaks German', async () => {
    const i18n = await startI18n('de', ['account']);
    const t = i18n._.bind(i18n);
    expect(describeUserAgent(t, SAFARI_MAC)).toBe('Safari unter macOS');
    expect(describeUserAgent(t, 'curl/8.5.0')).toBe('Skript');
    expect(describeUserAgent(t, null)).toBe('Unbekanntes Gerät');
  });
});
