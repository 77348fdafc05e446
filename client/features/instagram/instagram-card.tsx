import { AlertTriangle, Camera } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { InstagramConnection } from '#common/schemas/ads.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { SandboxBadge } from '#client/components/sandbox-badge.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { INTL_LOCALES } from '#common/i18n/locales.ts';
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
  const t = useT();
  const format = useFormat();
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
      toast({ tone: 'error', message: errorMessage(e, t('instagram.card.unreachable')) });
      setPending(null);
    }
  };
  const sandbox = async () => {
    setPending('sandbox');
    try {
      const next = await instagramApi.sandbox(projectId);
      onChange(next);
      toast({ tone: 'success', message: t('instagram.card.sandboxConnected', { username: next.account?.username ?? 'sandbox' }) });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('instagram.card.sandboxFailed')) });
    } finally {
      setPending(null);
    }
  };
  const disconnect = async () => {
    setPending('disconnect');
    try {
      await instagramApi.disconnect(projectId);
      if (connection.status === 'ready') onChange({ ...connection.data, account: null });
      toast({ tone: 'success', message: t('instagram.card.disconnected') });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('instagram.card.disconnectFailed')) });
    } finally {
      setPending(null);
      setAsking(false);
    }
  };

  const heading = (
    <h2 id={`${ids}-h`} className="flex items-center gap-2 text-base font-semibold">
      <Camera aria-hidden="true" className="size-5 text-zinc-500" /> {t('instagram.card.title')}
    </h2>
  );

  // Loading and failure: the card with its heading, and the state below it.
  const cardWith = (state: ReactNode) => (
    <section aria-labelledby={`${ids}-h`} className={cardClass}>
      {heading}
      <div className="mt-3">{state}</div>
    </section>
  );
  if (connection.status === 'loading') return cardWith(<SkeletonLines lines={2} label={t('instagram.card.loading')} />);
  if (connection.status === 'error') return cardWith(<LoadFailed title={t('instagram.card.loadFailed')} onRetry={connection.reload} />);

  const { configured, missing, account } = connection.data;
  const ownerNote = <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('instagram.card.ownerOnly')}</p>;
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
                  {t('instagram.card.connected')} <time dateTime={account.connectedAt}>{format.date(account.connectedAt)}</time>
                </p>
              </div>
            </div>
            {account.sandbox ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('instagram.card.sandboxNote')}</p> : null}
            {account.status === 'broken' ? (
              <Alert tone="warning" title={t('instagram.card.brokenTitle')}>
                <p className="flex gap-2">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    {account.brokenReason ?? t('instagram.card.brokenDefault')} {t('instagram.card.brokenWait')}
                  </span>
                </p>
                {isOwner && archived ? (
                  <p className="mt-2">{t('instagram.card.archivedReconnect')}</p>
                ) : isOwner ? (
                  <div className="mt-2">
                    {account.sandbox || !configured ? (
                      sandboxButton(t('instagram.card.reconnectSandbox'))
                    ) : (
                      <Button size="sm" pending={pending === 'connect'} disabled={pending !== null} onClick={() => void connect()}>
                        {t('instagram.card.reconnect')}
                      </Button>
                    )}
                  </div>
                ) : (
                  <p className="mt-2">{t('instagram.card.askOwner')}</p>
                )}
              </Alert>
            ) : null}
            {isOwner ? (
              <Button variant="ghost" size="sm" onClick={() => setAsking(true)} disabled={pending !== null}>
                {t('instagram.card.disconnect')}
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('instagram.card.intro')}</p>
            {isOwner && archived ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('instagram.card.archivedConnect')}</p>
            ) : isOwner ? (
              <div className="space-y-3">
                <Button
                  pending={pending === 'connect'}
                  disabled={!configured || pending !== null}
                  aria-describedby={configured ? undefined : `${ids}-missing`}
                  onClick={() => void connect()}
                >
                  {t('instagram.card.connect')}
                </Button>
                {!configured ? (
                  <>
                    <div id={`${ids}-missing`}>
                      <Alert tone="info" title={t('instagram.card.notSetUp')}>
                        {t('instagram.card.setBefore')}{' '}
                        {missing.length > 0
                          ? new Intl.ListFormat(INTL_LOCALES[format.locale], { type: 'conjunction' }).formatToParts(missing).map((part, i) =>
                              part.type === 'element' ? (
                                <code key={i} className="font-mono text-xs break-all">
                                  {part.value}
                                </code>
                              ) : (
                                <span key={i}>{part.value}</span>
                              ),
                            )
                          : t('instagram.card.credentials')}{' '}
                        {t('instagram.card.setAfter')}
                      </Alert>
                    </div>
                    {sandboxButton(t('instagram.card.connectSandbox'))}
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
        title={t('instagram.card.disconnectTitle')}
        confirmLabel={t('instagram.card.disconnect')}
        pending={pending === 'disconnect'}
        onCancel={() => setAsking(false)}
        onConfirm={() => void disconnect()}
      >
        {t('instagram.card.disconnectText')}
      </ConfirmDialog>
    </section>
  );
}
