import { useId, type ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** Asks before something destructive (DESIGN.md); a real modal dialog. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  pending = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The way out, when "Cancel" would read like the action itself (cancelling a plan). */
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const t = useT();
  return (
    <ModalDialog open={open} onClose={onCancel} labelledBy={titleId} closeOnBackdrop={false} className="w-[min(26rem,calc(100vw-2rem))] p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel ?? t('action.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
