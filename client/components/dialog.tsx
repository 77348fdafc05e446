import { useId, type ReactNode } from 'react';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';

/** A modal dialog with a title and a close button (Escape and the backdrop close it too). */
export function Dialog({
  open,
  title,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className={`p-0 ${wide ? 'w-[min(64rem,calc(100vw-2rem))]' : 'w-[min(30rem,calc(100vw-2rem))]'}`}
    >
      {open ? (
        <div className="relative p-6">
          <CloseButton onClose={onClose} />
          <h2 id={titleId} className="pr-10 text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
