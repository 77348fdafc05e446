import type { ReactNode } from 'react';
import { useModalDialog } from '#client/components/use-modal-dialog.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const SURFACE = 'bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * A native modal <dialog> kept in step with `open`: Escape (the dialog's cancel) and, unless
 * `closeOnBackdrop` is false, a click on the backdrop call `onClose`. Every dialog of the app is
 * one of these. Public pages have no dark theme: they pass `light`.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  className,
  closeOnBackdrop = true,
  light = false,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  className: string;
  closeOnBackdrop?: boolean;
  light?: boolean;
  children: ReactNode;
}) {
  const ref = useModalDialog(open, closeOnBackdrop ? onClose : undefined);
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      className={`m-auto rounded-[var(--radius-card)] shadow-2xl ${light ? 'bg-white text-zinc-900' : SURFACE} ${className}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {children}
    </dialog>
  );
}

/** The × in a dialog's corner (an inline icon: the public pages' islands load no icon library). */
export function CloseButton({ onClose, className = 'absolute top-3 right-3', light = false }: { onClose: () => void; className?: string; light?: boolean }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label={t('action.close')}
      className={`${className} grid size-9 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 ${light ? '' : 'dark:hover:bg-zinc-800 dark:hover:text-white'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
        <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </button>
  );
}
