import { describe, expect, it } from 'vitest';
import { breadcrumbs } from '#client/app/breadcrumbs.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { testFallbackI18n } from '#client/lib/i18n-context.tsx';

describe('breadcrumbs', () => {
  it('names every workspace prefix of the path', () => {
    const t = testFallbackI18n()!._.bind(testFallbackI18n());
    expect(breadcrumbs('/account/credits', t)).toEqual([
      { label: 'Account', href: '/account' },
      { label: 'Credits', href: '/account/credits' },
    ]);
    expect(breadcrumbs('/dashboard', t)).toEqual([{ label: 'Dashboard', href: '/dashboard' }]);
  });

  it('names them in German for a German reader', async () => {
    const de = await startI18n('de');
    expect(breadcrumbs('/account/affiliate', de._.bind(de))).toEqual([
      { label: 'Konto', href: '/account' },
      { label: 'Partnerprogramm', href: '/account/affiliate' },
    ]);
    expect(breadcrumbs('/projects/abc/marketing', de._.bind(de)).map((c) => c.label)).toEqual(['Projekte', 'Projekt', 'Marketing']);
  });
});
