import { MailOpen } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { projectsApi } from '#client/features/projects/api.ts';

/** Shown for /projects?invite=<token>: who invited you to what, and the button to join. */
export function InviteBanner({ token, onDone }: { token: string; onDone: () => void }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const invite = useResource(() => projectsApi.invitation(token), [token]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (invite.status === 'loading') return null;
  if (invite.status === 'error') {
    return (
      <Alert tone="warning" title="This invitation link does not work" className="mb-6">
        {invite.error instanceof ApiError ? invite.error.message : 'Please ask for a new invitation.'}{' '}
        <button type="button" className="font-medium underline" onClick={onDone}>
          Dismiss
        </button>
      </Alert>
    );
  }
  const data = invite.data;
  if (data.status !== 'open') {
    return (
      <Alert
        tone="warning"
        title={
          data.status === 'accepted'
            ? 'This invitation was already used'
            : data.status === 'expired'
              ? 'This invitation has expired'
              : 'This invitation was withdrawn'
        }
        className="mb-6"
      >
        Ask {data.inviterName ?? 'the project’s owner'} for a new one if you still need access to “{data.projectName}”.
      </Alert>
    );
  }
  return (
    <section className="mb-6 flex flex-wrap items-center gap-4 rounded-[var(--radius-card)] border border-accent-200 bg-accent-50 p-5 dark:border-accent-800 dark:bg-accent-800/20">
      <MailOpen aria-hidden="true" className="size-6 text-accent-700 dark:text-accent-200" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">
          {data.inviterName ?? 'Someone'} invited you to “{data.projectName}”
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {data.forYou
            ? `You will join as ${data.role === 'editor' ? 'an editor' : 'a viewer'}.`
            : `The invitation is for ${data.email}, and you are signed in as ${user?.email}. Sign in with that address to accept it.`}
        </p>
        {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      </div>
      {data.forYou ? (
        <Button
          pending={pending}
          pendingLabel="Joining…"
          onClick={async () => {
            setPending(true);
            setError(null);
            try {
              const joined = await projectsApi.acceptInvitation(token);
              await navigate(`/projects/${joined.projectId}/`, { replace: true });
            } catch (e) {
              setError(errorMessage(e, 'The invitation could not be accepted.'));
              setPending(false);
            }
          }}
        >
          Accept invitation
        </Button>
      ) : null}
    </section>
  );
}
