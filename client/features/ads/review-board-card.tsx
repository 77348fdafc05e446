import { useState } from 'react';
import type { ReviewBoardCreated } from '#common/schemas/review-board.ts';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card } from '#client/components/page-header.tsx';
import { SecretShownOnce } from '#client/components/secret-shown-once.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { adsApi } from '#client/features/ads/api.ts';

/**
 * A project's review board (issue 32 point 3, decision 0053): one link for the customer listing
 * every ad waiting for them. The link is shown once, when made (only its hash is kept): a new
 * link replaces the old one, and revoking asks first. Every member sees whether there is one and
 * when it was last used; editors and the owner make and revoke it.
 */
export function ReviewBoardCard({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const resource = useResource(() => adsApi.board(projectId), [projectId]);
  const [created, setCreated] = useState<ReviewBoardCreated | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const act = async (what: 'create' | 'revoke') => {
    setWorking(true);
    setError(null);
    try {
      if (what === 'create') {
        const made = await adsApi.createBoard(projectId);
        setCreated(made);
        resource.setData({ board: made.board });
      } else {
        await adsApi.revokeBoard(projectId);
        resource.setData({ board: null });
        toast({ tone: 'success', message: t('ads.board.revoked') });
      }
    } catch (e) {
      setError(errorMessage(e, t('ads.board.failed')));
    } finally {
      setWorking(false);
      setConfirming(null);
    }
  };

  const board = resource.status === 'ready' ? resource.data.board : undefined;
  return (
    <Card title={t('ads.board.title')} description={t('ads.board.description')}>
      <MessageAlert message={error} className="mb-3" />
      {resource.status === 'loading' ? (
        <p role="status" className="text-sm text-zinc-500">
          {t('ads.board.loading')}
        </p>
      ) : resource.status === 'error' ? (
        <div className="space-y-2">
          <p className="text-sm text-red-700 dark:text-red-300">{t('ads.board.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={resource.reload}>
            {t('ads.board.retry')}
          </Button>
        </div>
      ) : board ? (
        <div className="space-y-3">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('ads.board.live', { date: format.date(board.createdAt, 'short') })}
            {' · '}
            {board.lastUsedAt ? t('ads.board.lastUsed', { date: format.date(board.lastUsedAt, 'dateTime') }) : t('ads.board.neverUsed')}
          </p>
          <p className="text-xs text-zinc-500">{t('ads.board.shownOnce')}</p>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" disabled={working} onClick={() => setConfirming('replace')}>
                {t('ads.board.replace')}
              </Button>
              <Button variant="ghost" size="sm" disabled={working} onClick={() => setConfirming('revoke')}>
                {t('ads.board.revoke')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.board.none')}</p>
          {canEdit ? (
            <Button variant="secondary" disabled={working} onClick={() => void act('create')}>
              {t('ads.board.create')}
            </Button>
          ) : null}
        </div>
      )}
      <Dialog open={created !== null} title={t('ads.board.createdTitle')} onClose={() => setCreated(null)}>
        {created ? (
          <SecretShownOnce
            secret={created.url}
            words={{
              warning: t('ads.board.createdWarning'),
              label: t('ads.board.link'),
              copy: t('ads.board.copy'),
              copied: t('ads.board.copied'),
              copyByHand: t('ads.board.copyByHand'),
              done: t('ads.board.done'),
            }}
            onDone={() => setCreated(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'replace' ? 'ads.board.replaceTitle' : 'ads.board.revokeTitle')}
        confirmLabel={t(confirming === 'replace' ? 'ads.board.replaceConfirm' : 'ads.board.revokeConfirm')}
        pending={working}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void act(confirming === 'replace' ? 'create' : 'revoke')}
      >
        {t(confirming === 'replace' ? 'ads.board.replaceText' : 'ads.board.revokeText')}
      </ConfirmDialog>
    </Card>
  );
}
