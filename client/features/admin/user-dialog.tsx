import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PLAN_IDS, creditAdjustmentInput, type PlanId, type UserRole } from '#common/schemas/admin.ts';
import { issuesToDetails } from '#common/schemas/fields.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { adminApi, memberRoleName, planName, roleName, type AdminUserDetail } from '#client/features/admin/api.ts';
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
  const t = useT();
  const format = useFormat();
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
      if (action.kind === 'plan') applied(await adminApi.setPlan(userId, action.plan), t('admin.user.planChanged', { plan: planName(t, action.plan) }));
      if (action.kind === 'role')
        applied(await adminApi.setRole(userId, action.role), action.role === 'admin' ? t('admin.user.madeAdmin') : t('admin.user.noLongerAdmin'));
      if (action.kind === 'disable') applied(await adminApi.disable(userId), t('admin.user.disabled'));
      if (action.kind === 'credits') {
        const user = await adminApi.adjustCredits(userId, { amount: action.amount, reason: action.reason, key });
        applied(
          user,
          t(action.amount > 0 ? 'admin.user.creditsAdded' : 'admin.user.creditsTaken', {
            count: Math.abs(action.amount),
            balance: format.number(user.balance.total),
          }),
        );
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
      toast({ tone: 'error', message: errorMessage(error, t('admin.user.failed')) });
    } finally {
      setBusy(false);
    }
  };

  const enable = async () => {
    setBusy(true);
    try {
      applied(await adminApi.enable(userId), t('admin.user.enabled'));
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('admin.user.failed')) });
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
          {data ? data.name : t('admin.user.title')}
        </h2>
        {detail.status === 'loading' ? <SkeletonLines lines={6} label={t('admin.user.loading')} /> : null}
        {detail.status === 'error' ? <LoadFailed title={t('admin.user.loadFailed')} onRetry={detail.reload} /> : null}
        {data ? (
          <div className="mt-1 space-y-5">
            <div className="text-sm text-zinc-600 dark:text-zinc-400">
              <p className="break-all">{data.email}</p>
              <p>
                {t('admin.user.joined', { date: format.date(data.createdAt), sessions: data.sessions })}
                {data.disabledAt ? (
                  <span className="ml-2 inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-900/30 dark:text-red-200 dark:ring-red-800">
                    {t('admin.user.disabledOn', { date: format.date(data.disabledAt) })}
                  </span>
                ) : null}
              </p>
            </div>

            <Section title={t('admin.user.planAndRole')}>
              <div className="grid gap-4 sm:grid-cols-2">
                <ChangeForm
                  label={t('admin.user.plan')}
                  value={currentPlan}
                  options={PLAN_IDS.map((p) => [p, planName(t, p)] as const)}
                  submitLabel={t('admin.user.changePlan')}
                  changed={currentPlan !== data.plan}
                  busy={busy}
                  onChange={setPlan}
                  onSubmit={() => setConfirm({ kind: 'plan', plan: currentPlan })}
                />
                <ChangeForm
                  label={t('admin.user.role')}
                  value={currentRole}
                  options={(['user', 'admin'] as const).map((r) => [r, roleName(t, r)] as const)}
                  disabled={self}
                  submitLabel={t('admin.user.changeRole')}
                  changed={currentRole !== data.role}
                  busy={busy}
                  onChange={setRole}
                  onSubmit={() => setConfirm({ kind: 'role', role: currentRole })}
                />
              </div>
              {self ? <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t('admin.user.ownRole')}</p> : null}
            </Section>

            <Section title={t('admin.user.credits')}>
              <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
                {t('admin.user.balance')}{' '}
                <span className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">{format.number(data.balance.total)}</span>{' '}
                {t('admin.user.balanceParts', { monthly: format.number(data.balance.monthly), purchased: format.number(data.balance.purchased) })}
              </p>
              <form onSubmit={submitCredits} noValidate className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
                <TextField
                  label={t('admin.user.credits')}
                  inputMode="numeric"
                  placeholder={t('admin.user.creditsPlaceholder')}
                  value={amount}
                  error={errors.amount}
                  onChange={(e) => {
                    setAmount(e.currentTarget.value);
                    setErrors((x) => ({ ...x, amount: '' }));
                  }}
                />
                <TextAreaField
                  label={t('admin.user.reason')}
                  hint={t('admin.user.reasonHint')}
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
                    {t('admin.user.adjustCredits')}
                  </Button>
                </div>
              </form>
              {data.ledger.length > 0 ? (
                <ul aria-label={t('admin.user.history')} className="mt-4 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
                  {data.ledger.map((entry) => (
                    <li key={entry.id} className="flex justify-between gap-3 py-1.5">
                      <span className="min-w-0 truncate" title={entry.description}>
                        {entry.description}
                      </span>
                      <span
                        className={`shrink-0 tabular-nums ${entry.amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
                      >
                        {entry.amount > 0 ? '+' : ''}
                        {format.number(entry.amount)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Section>

            {data.memberOf.length > 0 ? (
              <Section title={t('admin.user.projects')}>
                <ul className="space-y-1 text-sm">
                  {data.memberOf.map((p) => (
                    <li key={p.id} className="flex justify-between gap-3">
                      <Link to={`/admin/${p.id}`} className="min-w-0 truncate font-medium text-accent-700 hover:underline dark:text-accent-300">
                        {p.name}
                      </Link>
                      <span className="shrink-0 text-zinc-500 dark:text-zinc-400">{memberRoleName(t, p.role)}</span>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}

            <Section title={t('admin.user.access')}>
              {data.disabledAt ? (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('admin.user.cannotSignIn')}</p>
                  <Button variant="secondary" size="sm" pending={busy} onClick={() => void enable()}>
                    {t('admin.user.enable')}
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">{self ? t('admin.user.cannotDisableSelf') : t('admin.user.disableHint')}</p>
                  <Button variant="danger" size="sm" disabled={self || busy} onClick={() => setConfirm({ kind: 'disable' })}>
                    {t('admin.user.disable')}
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
              ? t('admin.user.confirmPlan', { plan: planName(t, confirm.plan) })
              : confirm.kind === 'role'
                ? confirm.role === 'admin'
                  ? t('admin.user.confirmMakeAdmin')
                  : t('admin.user.confirmRemoveAdmin')
                : confirm.kind === 'disable'
                  ? t('admin.user.confirmDisable', { name: data.name })
                  : confirm.amount > 0
                    ? t('admin.user.confirmAdd', { count: confirm.amount })
                    : t('admin.user.confirmTake', { count: -confirm.amount })
          }
          confirmLabel={
            confirm.kind === 'plan'
              ? t('admin.user.changePlan')
              : confirm.kind === 'role'
                ? t('admin.user.changeRole')
                : confirm.kind === 'disable'
                  ? t('admin.user.disable')
                  : t('admin.user.adjustCredits')
          }
          onCancel={() => setConfirm(null)}
          onConfirm={() => void run(confirm)}
        >
          {confirm.kind === 'plan'
            ? t('admin.user.confirmPlanBody', { email: data.email, from: planName(t, data.plan), to: planName(t, confirm.plan) })
            : confirm.kind === 'role'
              ? confirm.role === 'admin'
                ? t('admin.user.confirmMakeAdminBody', { email: data.email })
                : t('admin.user.confirmRemoveAdminBody', { email: data.email })
              : confirm.kind === 'disable'
                ? t('admin.user.confirmDisableBody', { email: data.email })
                : t('admin.user.confirmCreditsBody', {
                    before: format.number(data.balance.total),
                    after: format.number(data.balance.total + confirm.amount),
                    reason: confirm.reason,
                  })}
        </ConfirmDialog>
      ) : null}
    </ModalDialog>
  );
}
