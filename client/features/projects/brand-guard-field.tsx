import { useId, useState } from 'react';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';

/**
 * The strict brand guard (issue 29 §7): when on, the project's creatives render only when every
 * colour and font is the brand kit's (the worker refuses the rest). The owner's to switch; saved
 * at once, as the project's language is.
 */
export function BrandGuardField({ project, onSaved }: { project: ProjectDetail; onSaved: (project: ProjectDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const hintId = useId();
  const [pending, setPending] = useState<boolean | null>(null);
  const isOwner = project.role === 'owner';
  const strict = pending ?? project.brandKit.strict === true;
  const choose = async (next: boolean) => {
    setPending(next);
    try {
      onSaved(await projectsApi.update(project.id, { brandGuardStrict: next }));
      toast({ tone: 'success', message: t('projects.brandKit.strictSaved', { strict: next ? 'on' : 'off' }) });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('projects.brandKit.strictFailed')) });
    } finally {
      setPending(null);
    }
  };
  return (
    <div>
      <label className="flex items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        <input
          type="checkbox"
          checked={strict}
          disabled={!isOwner || project.archived || pending !== null}
          aria-describedby={hintId}
          onChange={(event) => void choose(event.currentTarget.checked)}
          className="size-4"
        />
        {t('projects.brandKit.strict')}
      </label>
      <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {t('projects.brandKit.strictHint')} {isOwner ? null : t('projects.brandKit.strictOwnerOnly')}
      </p>
    </div>
  );
}
