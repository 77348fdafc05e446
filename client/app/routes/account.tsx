import { Laptop } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { passwordChangeInput, type SessionInfo } from '#common/schemas/auth.ts';
import { profileInput } from '#common/schemas/profile.ts';
import { PASSWORD_MIN } from '#common/schemas/fields.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { TextField } from '#client/components/field.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { api, call } from '#client/lib/api.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useForm } from '#client/lib/use-form.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { describeUserAgent } from '#client/lib/user-agent.ts';
import { useSession, useUser } from '#client/lib/session.tsx';
import { DeleteAccountCard } from '#client/features/account/delete-account-card.tsx';
import { ExportCard } from '#client/features/account/export-card.tsx';
import { LanguageCard } from '#client/features/account/language-card.tsx';
import { TimeZoneCard } from '#client/features/account/time-zone-card.tsx';

/** A card of the account page that is one form: the submission's failure above its fields. */
function FormCard({
  title,
  description,
  error,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  error: ComponentProps<typeof FormError>['error'];
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card title={title} description={description}>
      <form noValidate className="max-w-md space-y-4" onSubmit={onSubmit}>
        <FormError error={error} />
        {children}
      </form>
    </Card>
  );
}

function ProfileCard() {
  const user = useUser();
  const { setUser } = useSession();
  const toast = useToast();
  const t = useT();
  const form = useForm(profileInput, { name: user.name });
  const unchanged = form.values.name?.trim() === user.name;
  return (
    <FormCard
      title={t('account.profile.title')}
      description={t('account.profile.description')}
      error={form.formError}
      onSubmit={form.handleSubmit(async (data) => {
        setUser(await call(api.api.me.$patch({ json: data })));
        toast({ tone: 'success', message: t('account.profile.saved') });
      })}
    >
      <TextField label={t('account.profile.name')} autoComplete="name" {...form.field('name')} />
      <TextField label={t('account.profile.email')} value={user.email} readOnly hint={t('account.profile.emailHint')} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('account.profile.plan')} <strong className="font-medium text-zinc-900 dark:text-zinc-100">{user.plan.name}</strong>
      </p>
      <Button type="submit" pending={form.pending} disabled={unchanged} pendingLabel={t('account.profile.saving')}>
        {t('account.profile.save')}
      </Button>
    </FormCard>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const form = useForm(passwordChangeInput, { currentPassword: '', newPassword: '' });
  return (
    <FormCard
      title={t('account.password.title')}
      description={t('account.password.description')}
      error={form.formError}
      onSubmit={form.handleSubmit(async (data) => {
        await call(api.api.me.password.$post({ json: data }));
        form.reset({ currentPassword: '', newPassword: '' });
        toast({ tone: 'success', message: t('account.password.changed') });
        onChanged();
      })}
    >
      {}
      <TextField label={t('account.password.current')} type="password" autoComplete="current-password" {...form.field('currentPassword')} />
      <TextField
        label={t('account.password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('account.password.hint', { min: PASSWORD_MIN })}

        {...form.field('newPassword')}
      />
      <Button type="submit" pending={form.pending} pendingLabel={t('account.password.changing')}>
        {t('account.password.change')}
      </Button>
    </FormCard>
  );
}

function SessionRow({ session, onRevoked }: { session: SessionInfo; onRevoked: () => void }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const activity = { active: format.relative(session.lastSeenAt), signedIn: format.relative(session.createdAt) };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex items-center gap-3">
        <Laptop aria-hidden="true" className="size-5 text-zinc-400" />
        <div>
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {describeUserAgent(t, session.userAgent)}
            {session.current ? (
              <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                {t('account.sessions.thisDevice')}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {session.country ? t('account.sessions.activityIn', { country: session.country, ...activity }) : t('account.sessions.activity', activity)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          pending={pending}
          onClick={async () => {
            setPending(true);
            try {
              await call(api.api.me.sessions[':id'].$delete({ param: { id: session.id } }));
              toast({ tone: 'success', message: t('account.sessions.signedOut') });
              onRevoked();
            } catch (error) {
              toast({ tone: 'error', message: errorMessage(error, t('account.sessions.signOutFailed')) });
              setPending(false);
            }
          }}
        >
          {t('account.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

function SessionsCard({ version }: { version: number }) {
  const t = useT();
  const toast = useToast();
  const sessions = useResource(() => call(api.api.me.sessions.$get({ query: {} })), [version]);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const others = sessions.status === 'ready' ? sessions.data.items.filter((s) => !s.current).length : 0;
  return (
    <Card title={t('account.sessions.title')} description={t('account.sessions.description')}>
      {sessions.status === 'loading' ? <SkeletonLines lines={3} label={t('account.sessions.loading')} /> : null}
      {sessions.status === 'error' ? <LoadFailed title={t('account.sessions.loadFailed')} onRetry={sessions.reload} /> : null}
      {sessions.status === 'ready' ? (
        <>
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {sessions.data.items.map((s) => (
              <SessionRow key={s.id} session={s} onRevoked={sessions.reload} />
            ))}
          </ul>
          <div className="mt-4">
            <Button variant="secondary" disabled={others === 0} onClick={() => setConfirming(true)}>
              {t('account.sessions.signOutOthers')}
            </Button>
            {others === 0 ? <p className="mt-2 text-xs text-zinc-500">{t('account.sessions.onlyThis')}</p> : null}
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('account.sessions.confirmTitle')}
        confirmLabel={t('account.sessions.confirmLabel', { count: others })}
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setPending(true);
          try {
            await call(api.api.me.sessions.$delete());
            toast({ tone: 'success', message: t('account.sessions.othersSignedOut') });
            sessions.reload();
          } catch (error) {
            toast({ tone: 'error', message: errorMessage(error, t('account.sessions.othersFailed')) });
          } finally {
            setPending(false);
            setConfirming(false);
          }
        }}
      >
        {t('account.sessions.confirmText')}
      </ConfirmDialog>
    </Card>
  );
}

/** `/account`: profile, password, sessions, data export and account deletion. */
export default function Account() {
  const t = useT();
  const { signOut } = useSession();
  const [searchParams] = useSearchParams();
  // A sign-in during the deletion grace period lands here (decision 0023).
  const deletionCanceled = searchParams.get('deletion') === 'canceled';
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  return (
    <>
      <PageHeader
        title={t('account.title')}
        description={t('account.description')}
        actions={
          <Button
            variant="secondary"
            pending={signingOut}
            pendingLabel={t('shell.signingOut')}
            onClick={() => {
              setSigningOut(true);
              void signOut().catch(() => setSigningOut(false));
            }}
          >
            {t('shell.signOut')}
          </Button>
        }
      />
      <div className="grid max-w-4xl gap-6">
        {deletionCanceled ? (
          <Alert tone="success" title={t('account.deletionCanceled.title')}>
            {t('account.deletionCanceled.text')}
          </Alert>
        ) : null}
        <ProfileCard />
        <LanguageCard />
        <TimeZoneCard />
        <PasswordCard onChanged={() => setSessionsVersion((v) => v + 1)} />
        <SessionsCard version={sessionsVersion} />
        <ExportCard />
        <DeleteAccountCard />
      </div>
    </>
  );
}
