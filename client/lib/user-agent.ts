import type { I18n } from '@lingui/core';

/**
 * A short, human description of a browser's user agent ("Chrome on macOS", "Chrome unter macOS"),
 * in the language of `t` (the account area's messages). Browser and system names are names.
 */
export function describeUserAgent(t: I18n['_'], ua: string | null): string {
  if (!ua) return t('account.device.unknown');
  /* eslint-disable lingui/no-unlocalized-strings -- browser and system names are the same in every language */
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|node|undici|python|Go-http/i.test(ua)
              ? t('account.device.script')
              : t('account.device.browser');
  const os = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  /* eslint-enable lingui/no-unlocalized-strings */
  return os ? t('account.device.on', { browser, os }) : browser;
}
