import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with `open`, as a modal (showModal: focus moves in, the
 * page behind is inert, Escape fires `cancel`, focus returns to the opener on close).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Start where the user will type, rather than on the close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // Closing (rather than just removing) it on unmount returns focus to the opener.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return ref;
}
