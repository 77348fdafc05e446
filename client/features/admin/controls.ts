/** The admin screens' small selects and filter inputs (the same look as the other lists' filters). */
export const filterControl =
  'h-9 min-w-0 max-w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';
