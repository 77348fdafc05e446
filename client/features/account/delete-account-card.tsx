import { useId, useState } from 'react';
import { Link } from 'react-router';
import { accountDeletionInput } from '#common/schemas/auth.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { TextField } from '#client/components/field.tsx';
import { ModalDialog } from '#client/components/modal-dialog.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { useUser } from '#client/lib/session.tsx';
import { accountApi } from '#client/features/account/api.ts';

function leave() {
  window.location.assign('/');
}

function BillingLink() {
  const t = useT();
  return (
    <Link to="/account/billing" className="font-medium underline underline-offset-2">
      {t('account.delete.openBilling')}
    </Link>
  );
}

/** The dialog: the password again, then what was scheduled (the user is signed out by then). */
function DeleteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const format = useFormat();
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
            {t('account.delete.scheduled', { date: format.date(purgeAfter, 'long') })}
          </h2>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('account.delete.scheduledText')}</p>
          <div className="mt-6 flex justify-end">
            <Button onClick={leave}>{t('account.delete.ok')}</Button>
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
            {t('account.delete.confirmTitle')}
          </h2>
          <div className="mt-2 space-y-2 text-sm text-zinc-600 dark:text-zinc-400">
            <p>{t('account.delete.signedOut')}</p>
            <p>{t('account.delete.after30Days')}</p>
            <p>{t('account.delete.cancelHint')}</p>
          </div>
          {paid ? (
            <Alert tone="warning" className="mt-4">
              {t('account.delete.paidPlan', { plan: plan.name })} <BillingLink />
            </Alert>
          ) : null}
          <div className="mt-4 space-y-4">
            <FormError error={form.formError}>{form.formError?.code === 'conflict' && !paid ? <BillingLink /> : null}</FormError>
            <TextField
              label={t('account.delete.password')}
              type="password"
              autoComplete="current-password"
              required
              data-autofocus
              {...form.field('password')}
            />
          </div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose} disabled={form.pending}>
              {t('account.delete.keep')}
            </Button>
            <Button type="submit" variant="danger" pending={form.pending} pendingLabel={t('account.delete.deleting')}>
              {t('account.delete.confirm')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** The danger zone of /account: deleting the account after re-entering the password (decision 0023). */
export function DeleteAccountCard() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('account.delete.title')} description={t('account.delete.description')}>
      <div className="rounded-[var(--radius-control)] border border-red-200 p-4 dark:border-red-900">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('account.delete.introBefore')}{' '}
          <Link to="/account/billing" className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-200">
            {t('account.delete.introLink')}
          </Link>{' '}
          {t('account.delete.introAfter')}
        </p>
        <Button className="mt-3" variant="danger" onClick={() => setOpen(true)}>
          {t('account.delete.open')}
        </Button>
      </div>
      {open ? <DeleteDialog open={open} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
