import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with `open`, as a modal (showModal: focus moves in, the
 * page behind is inert, Escape fires `cancel`, focus returns to the opener on close).
 * `onBackdrop` is called for a click on the backdrop (the dialog element itself, outside
 * its content): a pointer shortcut, Escape being the keyboard's way out.
 */
export function useModalDialog(open: boolean, onBackdrop?: () => void) {
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
  const clicked = useEffectEvent((event: MouseEvent) => {
    if (event.target === event.currentTarget) onBackdrop?.();
  });
  // Closing (rather than just removing) it on unmount returns focus to the opener.
  useEffect(() => {
    const dialog = ref.current;
    const onClick = (event: MouseEvent) => clicked(event);
    dialog?.addEventListener('click', onClick);
    return () => {
      dialog?.removeEventListener('click', onClick);
      if (dialog?.open) dialog.close();
    };
  }, []);
  return ref;
}
