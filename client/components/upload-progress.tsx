import { useT } from '#client/lib/i18n-context.tsx';
/** An upload's progress bar (0 to 1), named after the file. */
export function UploadProgress({ name, progress, className }: { name: string; progress: number; className: string }) {
  const t = useT();
  return (
    <div
      role="progressbar"
      aria-label={t('upload.progress', { name })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
      className={`${className} h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800`}
    >
      <div className="h-full origin-left rounded-full bg-accent-600 transition-transform" style={{ transform: `scaleX(${progress})` }} />
    </div>
  );
}
