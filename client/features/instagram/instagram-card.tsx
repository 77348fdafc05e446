import { AlertTriangle, Camera } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { formatDate } from '#common/format.ts';
import type { InstagramConnection } from '#common/schemas/ads.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { SandboxBadge } from '#client/components/sandbox-badge.tsx';
import { errorMessage } from '#client/lib/http.ts';
import type { Resource } from '#client/lib/use-resource.ts';
import { browser, instagramApi } from '#client/features/instagram/api.ts';

const cardClass = 'min-w-0 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900';

/**
 * The project's Instagram account: connect with Instagram Login (owner only), or, where the
 * installation has no Instagram app configured, say what is missing and offer a sandbox account.
 * A broken connection warns and offers to reconnect.
 */
export function InstagramCard({
  projectId,
  isOwner,
  archived = false,
  connection,
  onChange,
}: {
  projectId: string;
  isOwner: boolean;
  /** An archived project takes no new connection; disconnecting stays possible. */
  archived?: boolean;
  connection: Resource<InstagramConnection>;
  onChange: (next: InstagramConnection) => void;
}) {
  const ids = useId();
  const toast = useToast();
  const [pending, setPending] = useState<'connect' | 'sandbox' | 'disconnect' | null>(null);
  const [asking, setAsking] = useState(false);

  const connect = async () => {
    setPending('connect');
    try {
      const { url } = await instagramApi.connect(projectId);
      browser.go(url);
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, 'Instagram could not be reached. Try again.') });
      setPending(null);
    }
  };
  const sandbox = async () => {
    setPending('sandbox');
    try {
      const next = await instagramApi.sandbox(projectId);
      onChange(next);
      toast({ tone: 'success', message: `Sandbox account @${next.account?.username ?? 'sandbox'} connected. Nothing is posted to the real Instagram.` });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, 'The sandbox account could not be connected. Try again.') });
    } finally {
      setPending(null);
    }
  };
  const disconnect = async () => {
    setPending('disconnect');
    try {
      await instagramApi.disconnect(projectId);
      if (connection.status === 'ready') onChange({ ...connection.data, account: null });
      toast({ tone: 'success', message: 'Instagram disconnected.' });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, 'Instagram could not be disconnected. Try again.') });
    } finally {
      setPending(null);
      setAsking(false);
    }
  };

  const heading = (
    <h2 id={`${ids}-h`} className="flex items-center gap-2 text-base font-semibold">
      <Camera aria-hidden="true" className="size-5 text-zinc-500" /> Instagram
    </h2>
  );

  // Loading and failure: the card with its heading, and the state below it.
  const cardWith = (state: ReactNode) => (
    <section aria-labelledby={`${ids}-h`} className={cardClass}>
      {heading}
      <div className="mt-3">{state}</div>
    </section>
  );
  if (connection.status === 'loading') return cardWith(<SkeletonLines lines={2} label="Loading the Instagram connection" />);
  if (connection.status === 'error') return cardWith(<LoadFailed title="The Instagram connection could not be loaded" onRetry={connection.reload} />);

  const { configured, missing, account } = connection.data;
  const ownerNote = <p className="text-sm text-zinc-600 dark:text-zinc-400">Only the project’s owner can connect or change the Instagram account.</p>;
  const sandboxButton = (label: string) => (
    <Button variant="secondary" size="sm" pending={pending === 'sandbox'} disabled={pending !== null} onClick={() => void sandbox()}>
      {label} <SandboxBadge />
    </Button>
  );

  return (
    <section aria-labelledby={`${ids}-h`} className={cardClass}>
      {heading}
      <div className="mt-3 space-y-3">
        {account ? (
          <>
            <div className="flex min-w-0 items-center gap-3">
              {account.pictureUrl ? (
                <img src={account.pictureUrl} alt="" className="size-10 shrink-0 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <Camera className="size-5 text-zinc-500" />
                </span>
              )}
              <div className="min-w-0">
                <p className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="truncate font-medium">@{account.username}</span>
                  {account.sandbox ? <SandboxBadge /> : null}
                </p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  Connected <time dateTime={account.connectedAt}>{formatDate(account.connectedAt)}</time>
                </p>
              </div>
            </div>
            {account.sandbox ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                A sandbox account: posts go through the same steps but land on a local sandbox feed, not on Instagram.
              </p>
            ) : null}
            {account.status === 'broken' ? (
              <Alert tone="warning" title="The Instagram connection stopped working">
                <p className="flex gap-2">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{account.brokenReason ?? 'Instagram no longer accepts this connection.'} Scheduled posts wait until it is reconnected.</span>
                </p>
                {isOwner && archived ? (
                  <p className="mt-2">The project is archived: restore it to reconnect.</p>
                ) : isOwner ? (
                  <div className="mt-2">
                    {account.sandbox || !configured ? (
                      sandboxButton('Reconnect the sandbox account')
                    ) : (
                      <Button size="sm" pending={pending === 'connect'} disabled={pending !== null} onClick={() => void connect()}>
                        Reconnect
                      </Button>
                    )}
                  </div>
                ) : (
                  <p className="mt-2">Ask the project’s owner to reconnect it.</p>
                )}
              </Alert>
            ) : null}
            {isOwner ? (
              <Button variant="ghost" size="sm" onClick={() => setAsking(true)} disabled={pending !== null}>
                Disconnect
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Connect the project’s Instagram professional account to publish approved ads, now or at a set time.
            </p>
            {isOwner && archived ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">The project is archived: restore it to connect an account.</p>
            ) : isOwner ? (
              <div className="space-y-3">
                <Button
                  pending={pending === 'connect'}
                  disabled={!configured || pending !== null}
                  aria-describedby={configured ? undefined : `${ids}-missing`}
                  onClick={() => void connect()}
                >
                  Connect Instagram
                </Button>
                {!configured ? (
                  <>
                    <div id={`${ids}-missing`}>
                      <Alert tone="info" title="Instagram Login is not set up here">
                        To connect a real account, set{' '}
                        {missing.length > 0
                          ? missing.map((m, i) => (
                              <span key={m}>
                                {i > 0 ? (i === missing.length - 1 ? ' and ' : ', ') : ''}
                                <code className="font-mono text-xs break-all">{m}</code>
                              </span>
                            ))
                          : 'the Instagram app credentials'}{' '}
                        (from your Meta app) and deploy again. Until then, try everything with a sandbox account.
                      </Alert>
                    </div>
                    {sandboxButton('Connect a sandbox account')}
                  </>
                ) : null}
              </div>
            ) : (
              ownerNote
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title="Disconnect Instagram?"
        confirmLabel="Disconnect"
        pending={pending === 'disconnect'}
        onCancel={() => setAsking(false)}
        onConfirm={() => void disconnect()}
      >
        Adloom forgets the account’s access. Scheduled posts of this project are not published until an account is connected again. Published posts stay on
        Instagram.
      </ConfirmDialog>
    </section>
  );
}
