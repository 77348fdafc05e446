import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { AFFILIATE } from '#common/plans.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { TextAreaField } from '#client/components/field.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { adminApi, type PayoutRequest } from '#client/features/admin/api.ts';

/** Payout requests to approve (the money goes out) or reject (the commissions become available again). */
export function PayoutsPanel() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const list = usePaged(() => adminApi.payouts(), []);
  const [deciding, setDeciding] = useState<{ payout: PayoutRequest; decision: 'approve' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const decide = async () => {
    if (!deciding) return;
    setBusy(true);
    try {
      await adminApi.decidePayout(deciding.payout.id, deciding.decision, note);
      list.patch((p) => (p.id === deciding.payout.id ? null : p));
      toast({
        tone: 'success',
        message: deciding.decision === 'approve' ? t('admin.payouts.approved') : t('admin.payouts.rejected'),
      });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('admin.payouts.failed')) });
      list.reload();
    } finally {
      setBusy(false);
      setDeciding(null);
      setNote('');
    }
  };

  return (
    <div className="space-y-4">
      {list.status === 'loading' ? <SkeletonLines lines={3} label={t('admin.payouts.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('admin.payouts.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState icon={<Wallet aria-hidden="true" className="size-8" />} title={t('admin.payouts.emptyTitle')}>
          {t('admin.payouts.empty', { minimum: format.euros(AFFILIATE.minimumPayoutCents) })}
        </EmptyState>
      ) : null}
      {list.items.length > 0 ? (
        <Table
          columns={[
            t('admin.payouts.columnAffiliate'),
            { label: t('admin.payouts.columnAmount'), numeric: true },
            { label: t('admin.payouts.columnRequested'), wideOnly: true },
            '',
          ]}
        >
          {list.items.map((p) => (
            <tr key={p.id}>
              <td className="max-w-48 py-2 pr-4">
                <span className="block truncate font-medium">{p.affiliate.name}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{p.affiliate.email}</span>
              </td>
              <td className="py-2 pr-4 text-right font-semibold tabular-nums">{format.euros(p.amountCents)}</td>
              <td className={`py-2 pr-4 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{format.date(p.createdAt)}</td>
              <td className="py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    size="sm"
                    onClick={() => setDeciding({ payout: p, decision: 'approve' })}
                    aria-label={t('admin.payouts.approveLabel', { amount: format.euros(p.amountCents), name: p.affiliate.name })}
                  >
                    {t('admin.payouts.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDeciding({ payout: p, decision: 'reject' })}
                    aria-label={t('admin.payouts.rejectLabel', { amount: format.euros(p.amountCents), name: p.affiliate.name })}
                  >
                    {t('admin.payouts.reject')}
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {deciding ? (
        <ConfirmDialog
          open
          pending={busy}
          title={t(deciding.decision === 'approve' ? 'admin.payouts.confirmApprove' : 'admin.payouts.confirmReject', {
            amount: format.euros(deciding.payout.amountCents),
            name: deciding.payout.affiliate.name,
          })}
          confirmLabel={deciding.decision === 'approve' ? t('admin.payouts.approvePayout') : t('admin.payouts.rejectPayout')}
          onCancel={() => {
            setDeciding(null);
            setNote('');
          }}
          onConfirm={() => void decide()}
        >
          <p>{deciding.decision === 'approve' ? t('admin.payouts.approveBody') : t('admin.payouts.rejectBody')}</p>
          <TextAreaField
            label={t('admin.payouts.note')}
            className="mt-3 [&_textarea]:min-h-16"
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
