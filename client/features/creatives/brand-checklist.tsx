import type { CreativeDocument } from '#common/creative/document.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { FindingRow, type BrandGuard } from '#client/features/creatives/brand-guard.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** The checklist before rendering or asking for approval: each finding with its fix, "Fix all", then on (or not, when strict). */
export interface BrandChecklistProps {
  guard: BrandGuard;
  doc: CreativeDocument;
}

export function BrandChecklist({ guard, doc }: BrandChecklistProps) {
  const t = useT();
  const pending = guard.pending;
  const purpose = pending?.purpose ?? 'render';
  const blocked = guard.strict && purpose === 'render' && guard.findings.length > 0;
  const go = () => {
    guard.close();
    pending?.go();
  };
  return (
    <Dialog open={pending !== null} title={t('creativeEditor.guard.checklistTitle', { purpose })} onClose={guard.close}>
      {guard.findings.length === 0 ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
          {t('creativeEditor.guard.allFixed')}
        </p>
      ) : (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {blocked ? t('creativeEditor.guard.strictIntro') : t('creativeEditor.guard.intro', { count: guard.findings.length })}
          </p>
          <ul className="mt-3 max-h-[50vh] space-y-3 overflow-y-auto">
            {guard.findings.map((f) => (
              <FindingRow key={f.key} finding={f} doc={doc} readOnly={false} onFix={guard.onFix} />
            ))}
          </ul>
        </>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={guard.close}>
          {t('creativeEditor.guard.cancel')}
        </Button>
        {guard.findings.length > 0 ? (
          <Button variant={blocked ? 'primary' : 'secondary'} onClick={() => guard.onFix(guard.findings)}>
            {t('creativeEditor.guard.fixAll')}
          </Button>
        ) : null}
        {blocked ? null : (
          <Button variant={guard.findings.length === 0 ? 'primary' : 'secondary'} onClick={go}>
            {t(guard.findings.length === 0 ? 'creativeEditor.guard.continueFixed' : 'creativeEditor.guard.continue', { purpose })}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
