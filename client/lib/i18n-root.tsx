import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useMemo, type ReactNode } from 'react';
import { translateEnglish } from '#common/i18n/translate-english.ts';
import { SayEnglish } from '#client/lib/i18n-context.tsx';

/**
 * The root of everything React renders under an instance (decision 0032): the workspace, the
 * worker's server-rendered pages. It also says the schemas' English messages through the
 * instance's `validation` area (decision 0033, `useSayEnglish`). The public islands never import
 * this module, so the matcher stays out of their bundle.
 */
export function I18nRoot({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const say = useMemo(() => (text: string) => (i18n.locale !== 'en' ? translateEnglish(text, i18n) : text), [i18n]);
  return (
    <I18nProvider i18n={i18n}>
      <SayEnglish.Provider value={say}>{children}</SayEnglish.Provider>
    </I18nProvider>
  );
}
