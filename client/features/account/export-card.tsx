import { Download } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Card } from '#client/components/page-header.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { accountApi } from '#client/features/account/api.ts';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'started'; filename: string }
  | { phase: 'limited'; message: string }
  | { phase: 'failed'; message: string };

/**
 * Hands the link to the browser as a download: its download manager fetches it and writes the
 * ZIP to disk as it arrives (the archive can be tens of GB; nothing of it passes through the
 * page). Same origin, so the session cookie goes with it.
 */
function startDownload(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * "Your data": `POST /api/me/export` counts one of three exports an hour and answers a one-use
 * download link (decision 0023), which the browser then downloads to disk. The progress and any
 * interruption of the download itself are the browser's (its downloads list); this card says
 * what happened up to the start, and the server's refusal (429 after three an hour) as it is.
 */
export function ExportCard() {
  const t = useT();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });

  async function start() {
    setState({ phase: 'preparing' });
    try {
      const ticket = await accountApi.exportData();
      startDownload(ticket.url, ticket.filename);
      setState({ phase: 'started', filename: ticket.filename });
    } catch (error) {
      const message = errorMessage(error, t('account.export.failed'));
      setState(error instanceof ApiError && error.status === 429 ? { phase: 'limited', message } : { phase: 'failed', message });
    }
  }

  return (
    <Card title={t('account.export.title')} description={t('account.export.description')}>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void start()} pending={state.phase === 'preparing'} pendingLabel={t('account.export.preparingButton')}>
            <Download aria-hidden="true" className="size-4" />
            {t('account.export.button')}
          </Button>
        </div>
        <p role="status" aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
          {state.phase === 'preparing' ? t('account.export.preparing') : null}
          {state.phase === 'started' ? t('account.export.started', { filename: state.filename }) : null}
        </p>
        {state.phase === 'limited' ? (
          <Alert tone="warning" title={t('account.export.limitedTitle')}>
            {state.message}
          </Alert>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert tone="danger" title={t('account.export.failedTitle')}>
            {state.message}
          </Alert>
        ) : null}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('account.export.note')}</p>
      </div>
    </Card>
  );
}
