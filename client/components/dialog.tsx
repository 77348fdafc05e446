import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModalDialog } from '#client/components/use-modal-dialog.ts';

/** A modal dialog with a title and a close button (Escape and the backdrop close it too). */
export function Dialog({ open, title, onClose, children, wide = false }: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      className={`m-auto rounded-[var(--radius-card)] bg-white p-0 text-zinc-900 shadow-2xl dark:bg-zinc-900 dark:text-zinc-100 ${wide ? 'w-[min(64rem,calc(100vw-2rem))]' : 'w-[min(30rem,calc(100vw-2rem))]'}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="relative p-6">
          <button type="button" onClick={onClose} aria-label="Close" className="absolute top-3 right-3 grid size-9 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white">
            <X aria-hidden="true" className="size-5" />
          </button>
          <h2 id="dialog-title" className="pr-10 text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
