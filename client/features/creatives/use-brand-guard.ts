import { useState } from 'react';
import type { GuardKit } from '#common/creative/brand-guard.ts';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { BrandGuard } from '#client/features/creatives/brand-guard.tsx';
import { lazyModule } from '#client/lib/lazy-module.ts';

/**
 * The guard's rules (common/creative/brand-guard.ts, ≈ 2.7 KB gzip) load after the editor's first
 * paint, outside its chunk: until then nothing is flagged, and a render or a request for approval
 * asked for meanwhile waits for them to check first.
 */
const rules = lazyModule(() => import('#common/creative/brand-guard.ts'));

/** The guard of the document being edited, against the project's kit (and whether it is strict). */
export function useBrandGuard(doc: CreativeDocument, kit: GuardKit & { strict?: boolean | undefined }, onChange: (doc: CreativeDocument) => void): BrandGuard {
  const loaded = rules.useModule();
  const findings = loaded ? loaded.brandFindings(doc, kit) : [];
  const [refusedOnce, setRefused] = useState(false);
  const [pending, setPending] = useState<BrandGuard['pending']>(null);
  return {
    findings,
    strict: kit.strict === true || refusedOnce,
    onFix: (list) => {
      if (loaded) onChange(loaded.applyFixes(doc, list));
    },
    check: (purpose, go) => {
      const ask = (found: number) => (found === 0 ? go() : setPending({ purpose, go }));
      if (loaded) return ask(findings.length);
      // Rules that cannot load do not hold the work up: the server still refuses a strict project's render (`refused`).
      rules.load().then((module) => ask(module.brandFindings(doc, kit).length), go);
    },
    refused: (retry) => {
      setRefused(true);
      setPending({ purpose: 'render', go: retry });
    },
    pending,
    close: () => setPending(null),
  };
}
