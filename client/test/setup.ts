import { cleanup, configure } from '@testing-library/react';
import { afterEach, inject, vi } from 'vitest';
import fc from 'fast-check';
import type { Messages } from '@lingui/core';
import { forgetProjectModules } from '#common/test/fresh-modules.ts';

// The component tests share one happy-dom window per vitest worker (vitest.config.ts:
// `isolate: false`; a window and module graph per file cost more than the tests). Each file
// still starts as it would alone: fresh instances of the project's modules, and a window
// without the last file's storage, cookies, URL or title.
forgetProjectModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', '/');
document.title = '';
// user-event patches focus and blur on the window's elements the first time it is set up.
const prototype = HTMLElement.prototype as unknown as Record<symbol, { focus: () => void; blur: () => void } | undefined>;
for (const symbol of Object.getOwnPropertySymbols(prototype).filter((s) => s.description === 'patched focus/blur methods')) {
  const { focus, blur } = prototype[symbol]!;
  Object.defineProperties(HTMLElement.prototype, {
    focus: { value: focus, configurable: true, writable: true },
    blur: { value: blur, configurable: true, writable: true },
  });
  delete prototype[symbol];
}

// Property tests run from one fixed seed, so that a run passes or fails the same way every
// time (CI included). `FC_SEED=<n>` explores other cases; a failure prints its seed to replay.
fc.configureGlobal({ seed: inject('fcSeed') });

// findBy*/waitFor give up after this long: ample on a busy machine, and a passing test never waits it out.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  // Unmounting an editor saves what is not saved yet (client/lib/use-revision-save.ts): that
  // request reaches the test's fetch stand-in, not happy-dom's real network, before it goes.
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Components read their words through useT(): rendered without the app's provider, in English
// with every catalog (the module instance the test's components will import, after the reset above).
const { setTestFallbackI18n } = await import('#client/lib/i18n.tsx');
const { createI18n } = await import('#common/i18n/setup.ts');
const english = import.meta.glob<{ messages: Messages }>('/common/locales/*/compiled/en.ts', { eager: true });
setTestFallbackI18n(createI18n('en', ...Object.values(english).map((m) => m.messages)));
