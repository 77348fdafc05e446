import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatEuros } from '#common/format.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { TextAreaField } from '#client/components/field.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { usePaged } from '#client/lib/use-paged.ts';
import { adminApi, type PayoutRequest } from '#client/features/admin/api.ts';

/** Payout requests to approve (the money goes out) or reject (the commissions become available again). */
export function PayoutsPanel() {
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
        message: deciding.decision === 'approve' ? 'The payout is approved.' : 'The payout is rejected; the commissions are available again.',
      });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, 'The decision could not be saved. Please try again.') });
      list.reload();
    } finally {
      setBusy(false);
      setDeciding(null);
      setNote('');
    }
  };

  return (
    <div className="space-y-4">
      {list.status === 'loading' ? <SkeletonLines lines={3} label="Loading payouts" /> : null}
      {list.status === 'error' ? <LoadFailed title="The payout requests could not be loaded" onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState icon={<Wallet aria-hidden="true" className="size-8" />} title="No payouts to decide">
          Affiliates’ payout requests (from 50 €) wait here for approval.
        </EmptyState>
      ) : null}
      {list.items.length > 0 ? (
        <Table columns={['Affiliate', { label: 'Amount', numeric: true }, { label: 'Requested', wideOnly: true }, '']}>
          {list.items.map((p) => (
            <tr key={p.id}>
              <td className="max-w-48 py-2 pr-4">
                <span className="block truncate font-medium">{p.affiliate.name}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{p.affiliate.email}</span>
              </td>
              <td className="py-2 pr-4 text-right font-semibold tabular-nums">{formatEuros(p.amountCents)}</td>
              <td className={`py-2 pr-4 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{formatDate(p.createdAt)}</td>
              <td className="py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    size="sm"
                    onClick={() => setDeciding({ payout: p, decision: 'approve' })}
                    aria-label={`Approve ${formatEuros(p.amountCents)} for ${p.affiliate.name}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDeciding({ payout: p, decision: 'reject' })}
                    aria-label={`Reject ${formatEuros(p.amountCents)} for ${p.affiliate.name}`}
                  >
                    Reject
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
          title={`${deciding.decision === 'approve' ? 'Approve' : 'Reject'} ${formatEuros(deciding.payout.amountCents)} for ${deciding.payout.affiliate.name}?`}
          confirmLabel={deciding.decision === 'approve' ? 'Approve payout' : 'Reject payout'}
          onCancel={() => {
            setDeciding(null);
            setNote('');
          }}
          onConfirm={() => void decide()}
        >
          <p>
            {deciding.decision === 'approve'
              ? 'Approve once the money has been sent: the commissions count as paid out.'
              : 'The commissions become available to the affiliate again.'}
          </p>
          <TextAreaField
            label="Note (optional)"
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
