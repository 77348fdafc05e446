import { useState } from 'react';
import { applyFixes, brandFindings, type GuardKit } from '#common/creative/brand-guard.ts';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { BrandGuard } from '#client/features/creatives/brand-guard.tsx';

/** The guard of the document being edited, against the project's kit (and whether it is strict). */
export function useBrandGuard(doc: CreativeDocument, kit: GuardKit & { strict?: boolean | undefined }, onChange: (doc: CreativeDocument) => void): BrandGuard {
  const findings = brandFindings(doc, kit);
  const [refusedOnce, setRefused] = useState(false);
  const [pending, setPending] = useState<BrandGuard['pending']>(null);
  return {
    findings,
    strict: kit.strict === true || refusedOnce,
    onFix: (list) => onChange(applyFixes(doc, list)),
    check: (purpose, go) => (findings.length === 0 ? go() : setPending({ purpose, go })),
    refused: (retry) => {
      setRefused(true);
      setPending({ purpose: 'render', go: retry });
    },
    pending,
    close: () => setPending(null),
  };
}
