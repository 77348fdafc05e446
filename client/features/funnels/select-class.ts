/** A select of the funnels' dialogs (new funnel: its project; the template picker: its goal), as tall as a text field. */
export const selectClass =
  'block h-10 w-full min-w-0 rounded-[var(--radius-control)] border bg-white px-3 text-base text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 dark:bg-zinc-900 dark:text-zinc-100 sm:text-sm';
