import { useId, useState } from 'react';
import { Link } from 'react-router';
import { accountDeletionInput } from '#common/schemas/auth.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { TextField } from '#client/components/field.tsx';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { useUser } from '#client/lib/session.tsx';
import { accountApi } from '#client/features/account/api.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function leave() {
  window.location.assign('/');
}

const BILLING_LINK = (
  <Link to="/account/billing" className="font-medium underline underline-offset-2">
    Open the Billing page
  </Link>
);

/** The dialog: the password again, then what was scheduled (the user is signed out by then). */
function DeleteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const { plan } = useUser();
  const form = useForm(accountDeletionInput, { password: '' });
  // The worker refuses (409) while a paid plan renews: say so before the password is typed (issue 27).
  const paid = plan.id !== 'free';
  const [purgeAfter, setPurgeAfter] = useState<string | null>(null);
  const close = purgeAfter ? leave : onClose;
  return (
    <ModalDialog
      open={open}
      onClose={form.pending ? () => undefined : close}
      labelledBy={titleId}
      closeOnBackdrop={false}
      className="w-[min(28rem,calc(100vw-2rem))] p-6"
    >
      {purgeAfter ? (
        <div role="status">
          <h2 id={titleId} className="text-lg font-semibold">
            Your account will be deleted on {dateFormat.format(new Date(purgeAfter))}
          </h2>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            You are signed out everywhere, and we sent you an email. Changed your mind? Sign in before that date and nothing is deleted.
          </p>
          <div className="mt-6 flex justify-end">
            <Button onClick={leave}>OK</Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit(async (data) => {
            const result = await accountApi.scheduleDeletion(data);
            setPurgeAfter(result.purgeAfter);
          })}
        >
          <h2 id={titleId} className="text-lg font-semibold">
            Delete your account?
          </h2>
          <div className="mt-2 space-y-2 text-sm text-zinc-600 dark:text-zinc-400">
            <p>You are signed out at once, on every device, and your Instagram connections end.</p>
            <p>
              After 30 days, your account, your personal data and the projects only you are in are deleted for good, with their files. Projects you share stay
              with the team: the longest-standing editor becomes their owner.
            </p>
            <p>Sign in within the 30 days to cancel.</p>
          </div>
          {paid ? (
            <Alert tone="warning" className="mt-4">
              Your {plan.name} plan must not renew: cancel it on the Billing page first (it runs to the end of the period), unless you already have.{' '}
              {BILLING_LINK}
            </Alert>
          ) : null}
          <div className="mt-4 space-y-4">
            <FormError error={form.formError}>{form.formError?.code === 'conflict' && !paid ? BILLING_LINK : null}</FormError>
            <TextField label="Your password" type="password" autoComplete="current-password" required data-autofocus {...form.field('password')} />
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={form.pending}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" pending={form.pending} pendingLabel="Deleting…">
              Delete my account
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** The danger zone of /account: deleting the account after re-entering the password (decision 0023). */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card title="Delete your account" description="Your account and the projects only you are in go after a 30-day grace period.">
      <div className="rounded-[var(--radius-control)] border border-red-200 p-4 dark:border-red-900">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Download your data first if you want a copy. A paid plan must be cancelled on the{' '}
          <Link to="/account/billing" className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-200">
            Billing page
          </Link>{' '}
          before the account can be deleted.
        </p>
        <Button className="mt-3" variant="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      </div>
      {open ? <DeleteDialog open={open} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
