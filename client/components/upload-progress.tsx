import { useT } from '#client/lib/i18n-context.tsx';
import { ProgressBar } from '#client/components/progress-bar.tsx';

/** An upload's progress bar (0 to 1), named after the file. */
export function UploadProgress({ name, progress, className }: { name: string; progress: number; className: string }) {
  const t = useT();
  return <ProgressBar label={t('upload.progress', { name })} value={Math.round(progress * 100)} className={className} />;
}
