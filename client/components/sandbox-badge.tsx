import { useT } from '#client/lib/i18n-context.tsx';
/** A small "Sandbox" marker: nothing here reaches the real Instagram. */
export function SandboxBadge() {
  const t = useT();
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold tracking-wide text-violet-800 uppercase ring-1 ring-violet-200 ring-inset dark:bg-violet-900/40 dark:text-violet-100 dark:ring-violet-800">
      {t('instagram.sandbox')}
    </span>
  );
}
