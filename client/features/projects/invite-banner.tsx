import { MailOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';

/** Shown for /projects?invite=<token>: who invited you to what, and the button to join. */
export function InviteBanner({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useSession();
  const invite = useResource(() => projectsApi.invitation(token), [token]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (invite.status === 'loading') return null;
  if (invite.status === 'error') {
    return (
      <Alert tone="warning" title={t('projects.invite.brokenTitle')} className="mb-6">
        {invite.error instanceof ApiError ? invite.error.message : t('projects.invite.askNew')}{' '}
        <button type="button" className="font-medium underline" onClick={onDone}>
          {t('projects.invite.dismiss')}
        </button>
      </Alert>
    );
  }
  const data = invite.data;
  if (data.status !== 'open') {
    return (
      <Alert tone="warning" title={t('projects.invite.closedTitle', { status: data.status })} className="mb-6">
        {data.inviterName
          ? t('projects.invite.closedText', { inviter: data.inviterName, project: data.projectName })
          : t('projects.invite.closedTextOwner', { project: data.projectName })}
      </Alert>
    );
  }
  return (
    <section className="mb-6 flex flex-wrap items-center gap-4 rounded-[var(--radius-card)] border border-accent-200 bg-accent-50 p-5 dark:border-accent-800 dark:bg-accent-800/20">
      <MailOpen aria-hidden="true" className="size-6 text-accent-700 dark:text-accent-200" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">
          {data.inviterName
            ? t('projects.invite.title', { inviter: data.inviterName, project: data.projectName })
            : t('projects.invite.titleSomeone', { project: data.projectName })}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {data.forYou ? t('projects.invite.joinAs', { role: data.role }) : t('projects.invite.otherAddress', { email: data.email, me: user?.email ?? '' })}
        </p>
        {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      </div>
      {data.forYou ? (
        <Button
          pending={pending}
          pendingLabel={t('projects.invite.joining')}
          onClick={async () => {
            setPending(true);
            setError(null);
            try {
              const joined = await projectsApi.acceptInvitation(token);
              await navigate(`/projects/${joined.projectId}/`, { replace: true });
            } catch (e) {
              setError(errorMessage(e, t('projects.invite.acceptFailed')));
              setPending(false);
            }
          }}
        >
          {t('projects.invite.accept')}
        </Button>
      ) : null}
    </section>
  );
}
