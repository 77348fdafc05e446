import { useModalDialog } from '#client/components/use-modal-dialog.ts';
import { AuthForm, type AuthTab } from '#client/features/auth/auth-form.tsx';

/**
 * The sign-in form as a real modal dialog over the current screen (DESIGN.md: focus
 * moves in and is trapped by the browser's modal dialog, Escape closes, focus
 * returns to the opener). The caller owns the URL (/login) and history.
 */
export function LoginDialog({ open, onClose, next, initialTab = 'signin' }: { open: boolean; onClose: () => void; next: string; initialTab?: AuthTab }) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby="login-dialog-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[var(--radius-card)] bg-white p-0 text-zinc-900 shadow-2xl"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="relative p-6 sm:p-8">
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-3 right-3 grid size-9 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
              <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
          <AuthForm next={next} initialTab={initialTab} headingId="login-dialog-title" />
        </div>
      ) : null}
    </dialog>
  );
}
