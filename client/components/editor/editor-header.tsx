import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const backClass = 'inline-flex min-w-0 items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white';

/**
 * The bar above a full-screen editor (a funnel page, a presentation): the way back (a link, or
 * a button where the editor opened in place of a list), the document's title, its status and
 * save state, then the editor's actions on the right.
 */
export function EditorHeader({
  back,
  title,
  status,
  actions,
}: {
  back: { label: string; to: string } | { label: string; onClick: () => void };
  title: string;
  /** The document's status badge and save indicator. */
  status: ReactNode;
  actions: ReactNode;
}) {
  const backContent = (
    <>
      <ChevronLeft className="size-4 shrink-0" aria-hidden="true" /> <span className="truncate">{back.label}</span>
    </>
  );
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 bg-white px-4 py-2.5 dark:border-zinc-800 dark:bg-zinc-950">
      {'to' in back ? (
        <Link to={back.to} className={backClass}>
          {backContent}
        </Link>
      ) : (
        <button type="button" onClick={back.onClick} className={backClass}>
          {backContent}
        </button>
      )}
      <h1 className="min-w-0 truncate text-base font-semibold">{title}</h1>
      {status}
      <div className="ml-auto flex flex-wrap items-center gap-1.5">{actions}</div>
    </header>
  );
}
