import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PLAN_IDS, creditAdjustmentInput, type PlanId, type UserRole } from '#common/schemas/admin.ts';
import { issuesToDetails } from '#common/schemas/fields.ts';
import { formatDate, formatNumber } from '#common/format.ts';
import { countOf } from '#common/plural.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { adminApi, PLAN_NAMES, type AdminUserDetail } from '#client/features/admin/api.ts';
import { filterControl } from '#client/features/admin/controls.ts';

const newKey = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

type Pending = { kind: 'plan'; plan: PlanId } | { kind: 'role'; role: UserRole } | { kind: 'disable' } | { kind: 'credits'; amount: number; reason: string };

/** A setting of the user (plan, role): its select, and the button that asks to confirm the change. */
function ChangeForm<V extends string>({
  label,
  value,
  options,
  disabled,
  submitLabel,
  changed,
  busy,
  onChange,
  onSubmit,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  disabled?: boolean;
  submitLabel: string;
  /** The value differs from the user's. */
  changed: boolean;
  /** Something else is being saved. */
  busy: boolean;
  onChange: (value: V) => void;
  onSubmit: () => void;
}) {
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) onSubmit();
      }}
    >
      <label className="min-w-0 flex-1 text-sm font-medium">
        {label}
        <select className={`${filterControl} mt-1.5 w-full`} value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value as V)}>
          {options.map(([option, name]) => (
            <option key={option} value={option}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary" size="sm" disabled={disabled || !changed || busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h3 className="mb-3 text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** One account for an admin: plan, role, credits (with a reason), disable; each change confirmed and audited by the server. */
export function UserDialog({ userId, onClose, onChanged }: { userId: string; onClose: () => void; onChanged: (user: AdminUserDetail) => void }) {
  const titleId = useId();
  const toast = useToast();
  const { user: me } = useSession();
  const detail = useResource(() => adminApi.user(userId), [userId]);
  const [plan, setPlan] = useState<PlanId | ''>('');
  const [role, setRole] = useState<UserRole | ''>('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const self = me?.id === userId;

  const applied = (user: AdminUserDetail, message: string) => {
    detail.setData(user);
    onChanged(user);
    toast({ tone: 'success', message });
  };

  const run = async (action: Pending) => {
    setBusy(true);
    try {
      if (action.kind === 'plan') applied(await adminApi.setPlan(userId, action.plan), `The plan is now ${PLAN_NAMES[action.plan]}.`);
      if (action.kind === 'role')
        applied(await adminApi.setRole(userId, action.role), action.role === 'admin' ? 'This account is now an admin.' : 'This account is no longer an admin.');
      if (action.kind === 'disable') applied(await adminApi.disable(userId), 'The account is disabled and signed out everywhere.');
      if (action.kind === 'credits') {
        const user = await adminApi.adjustCredits(userId, { amount: action.amount, reason: action.reason, key });
        applied(user, `${action.amount > 0 ? 'Added' : 'Took'} ${countOf(Math.abs(action.amount), 'credit')}. Balance: ${formatNumber(user.balance.total)}.`);
        setAmount('');
        setReason('');
        setKey(newKey());
      }
      setConfirm(null);
    } catch (error) {
      setConfirm(null);
      if (error instanceof ApiError && error.details) {
        setErrors(Object.fromEntries(Object.entries(error.details).map(([field, messages]) => [field, messages[0] ?? ''])));
      }
      toast({ tone: 'error', message: errorMessage(error, 'That did not work. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const enable = async () => {
    setBusy(true);
    try {
      applied(await adminApi.enable(userId), 'The account can sign in again.');
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, 'That did not work. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const submitCredits = (event: FormEvent) => {
    event.preventDefault();
    const parsed = creditAdjustmentInput.safeParse({ amount: amount.trim() === '' ? Number.NaN : Number(amount), reason });
    if (!parsed.success) {
      const details = issuesToDetails(parsed.error.issues.map((i) => ({ path: i.path as PropertyKey[], message: i.message })));
      setErrors(Object.fromEntries(Object.entries(details).map(([field, messages]) => [field, messages[0] ?? ''])));
      return;
    }
    setErrors({});
    setConfirm({ kind: 'credits', amount: parsed.data.amount, reason: parsed.data.reason });
  };

  const data = detail.status === 'ready' ? detail.data : undefined;
  const currentPlan = plan || data?.plan || 'free';
  const currentRole = role || data?.role || 'user';

  return (
    <ModalDialog open onClose={onClose} labelledBy={titleId} className="w-[min(40rem,calc(100vw-1.5rem))] p-0">
      <div className="relative max-h-[85vh] overflow-y-auto p-5 sm:p-6">
        <CloseButton onClose={onClose} />
        <h2 id={titleId} className="pr-8 text-lg font-semibold break-words">
          {data ? data.name : 'Account'}
        </h2>
        {detail.status === 'loading' ? <SkeletonLines lines={6} label="Loading the account" /> : null}
        {detail.status === 'error' ? <LoadFailed title="The account could not be loaded" onRetry={detail.reload} /> : null}
        {data ? (
          <div className="mt-1 space-y-5">
            <div className="text-sm text-zinc-600 dark:text-zinc-400">
              <p className="break-all">{data.email}</p>
              <p>
                Joined {formatDate(data.createdAt)} · {countOf(data.sessions, 'active session')}
                {data.disabledAt ? (
                  <span className="ml-2 inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-900/30 dark:text-red-200 dark:ring-red-800">
                    Disabled {formatDate(data.disabledAt)}
                  </span>
                ) : null}
              </p>
            </div>

            <Section title="Plan and role">
              <div className="grid gap-4 sm:grid-cols-2">
                <ChangeForm
                  label="Plan"
                  value={currentPlan}
                  options={PLAN_IDS.map((p) => [p, PLAN_NAMES[p]] as const)}
                  submitLabel="Change plan"
                  changed={currentPlan !== data.plan}
                  busy={busy}
                  onChange={setPlan}
                  onSubmit={() => setConfirm({ kind: 'plan', plan: currentPlan })}
                />
                <ChangeForm
                  label="Role"
                  value={currentRole}
                  options={[
                    ['user', 'User'],
                    ['admin', 'Admin'],
                  ]}
                  disabled={self}
                  submitLabel="Change role"
                  changed={currentRole !== data.role}
                  busy={busy}
                  onChange={setRole}
                  onSubmit={() => setConfirm({ kind: 'role', role: currentRole })}
                />
              </div>
              {self ? <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">This is your own account: another admin can change its role.</p> : null}
            </Section>

            <Section title="Credits">
              <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
                Balance <span className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{formatNumber(data.balance.total)}</span> (
                {formatNumber(data.balance.monthly)} monthly, {formatNumber(data.balance.purchased)} purchased)
              </p>
              <form onSubmit={submitCredits} noValidate className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                <TextField
                  label="Credits"
                  inputMode="numeric"
                  placeholder="e.g. 20 or -5"
                  value={amount}
                  error={errors.amount}
                  onChange={(e) => {
                    setAmount(e.currentTarget.value);
                    setErrors((x) => ({ ...x, amount: '' }));
                  }}
                />
                <TextAreaField
                  label="Reason"
                  hint="Shown to the user in their credit history, and kept in the audit log."
                  className="[&_textarea]:min-h-16"
                  value={reason}
                  error={errors.reason}
                  onChange={(e) => {
                    setReason(e.currentTarget.value);
                    setErrors((x) => ({ ...x, reason: '' }));
                  }}
                />
                <div className="sm:col-start-2">
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Adjust credits
                  </Button>
                </div>
              </form>
              {data.ledger.length > 0 ? (
                <ul aria-label="Recent credit history" className="mt-4 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
                  {data.ledger.map((entry) => (
                    <li key={entry.id} className="flex justify-between gap-3 py-1.5">
                      <span className="min-w-0 truncate" title={entry.description}>
                        {entry.description}
                      </span>
                      <span
                        className={`shrink-0 tabular-nums ${entry.amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
                      >
                        {entry.amount > 0 ? '+' : ''}
                        {formatNumber(entry.amount)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Section>

            {data.memberOf.length > 0 ? (
              <Section title="Projects">
                <ul className="space-y-1 text-sm">
                  {data.memberOf.map((p) => (
                    <li key={p.id} className="flex justify-between gap-3">
                      <Link to={`/admin/${p.id}`} className="min-w-0 truncate font-medium text-accent-700 hover:underline dark:text-accent-300">
                        {p.name}
                      </Link>
                      <span className="shrink-0 text-zinc-500 capitalize dark:text-zinc-400">{p.role}</span>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}

            <Section title="Access">
              {data.disabledAt ? (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">This account cannot sign in.</p>
                  <Button variant="secondary" size="sm" pending={busy} onClick={() => void enable()}>
                    Enable account
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {self ? 'You cannot disable your own account.' : 'Disabling signs the account out everywhere at once; it cannot sign in until enabled.'}
                  </p>
                  <Button variant="danger" size="sm" disabled={self || busy} onClick={() => setConfirm({ kind: 'disable' })}>
                    Disable account
                  </Button>
                </div>
              )}
            </Section>
          </div>
        ) : null}
      </div>
      {data && confirm ? (
        <ConfirmDialog
          open
          pending={busy}
          title={
            confirm.kind === 'plan'
              ? `Change the plan to ${PLAN_NAMES[confirm.plan]}?`
              : confirm.kind === 'role'
                ? confirm.role === 'admin'
                  ? 'Make this account an admin?'
                  : 'Remove the admin role?'
                : confirm.kind === 'disable'
                  ? `Disable ${data.name}’s account?`
                  : confirm.amount > 0
                    ? `Add ${countOf(confirm.amount, 'credit')}?`
                    : `Take ${countOf(-confirm.amount, 'credit')}?`
          }
          confirmLabel={
            confirm.kind === 'plan'
              ? 'Change plan'
              : confirm.kind === 'role'
                ? 'Change role'
                : confirm.kind === 'disable'
                  ? 'Disable account'
                  : 'Adjust credits'
          }
          onCancel={() => setConfirm(null)}
          onConfirm={() => void run(confirm)}
        >
          {confirm.kind === 'plan'
            ? `${data.email} moves from ${PLAN_NAMES[data.plan]} to ${PLAN_NAMES[confirm.plan]} now: the monthly credits start over with the new plan’s allowance. A paid subscription is not changed.`
            : confirm.kind === 'role'
              ? confirm.role === 'admin'
                ? `${data.email} will see every user, project and payout, and can change them.`
                : `${data.email} loses access to the admin area at once.`
              : confirm.kind === 'disable'
                ? `${data.email} is signed out on every device at once and cannot sign in until an admin enables the account again.`
                : `Balance ${formatNumber(data.balance.total)} → ${formatNumber(data.balance.total + confirm.amount)}. Reason: “${confirm.reason}”.`}
        </ConfirmDialog>
      ) : null}
    </ModalDialog>
  );
}
