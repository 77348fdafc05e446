import { describe, expect, it } from 'vitest';
import { breadcrumbs } from '#client/app/breadcrumbs.ts';

describe('breadcrumbs', () => {
  it('names every workspace prefix of the path', () => {
    expect(breadcrumbs('/account/credits')).toEqual([
      { label: 'Account', href: '/account' },
      { label: 'Credits', href: '/account/credits' },
    ]);
    expect(breadcrumbs('/dashboard')).toEqual([{ label: 'Dashboard', href: '/dashboard' }]);
  });
});
