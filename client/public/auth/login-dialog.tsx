import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { AuthForm, type AuthTab } from '#client/public/auth/auth-form.tsx';

/**
 * The sign-in form as a real modal dialog over the current screen (DESIGN.md: focus
 * moves in and is trapped by the browser's modal dialog, Escape closes, focus
 * returns to the opener). The caller owns the URL (/login) and history.
 */
export function LoginDialog({ open, onClose, next, initialTab = 'signin' }: { open: boolean; onClose: () => void; next: string; initialTab?: AuthTab }) {
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy="login-dialog-title" light className="w-[min(28rem,calc(100vw-2rem))] p-0">
      {open ? (
        <div className="relative p-6 sm:p-8">
          <CloseButton onClose={onClose} light />
          <AuthForm next={next} initialTab={initialTab} headingId="login-dialog-title" />
        </div>
      ) : null}
    </ModalDialog>
  );
}
