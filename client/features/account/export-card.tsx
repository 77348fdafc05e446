import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { api, ApiError, call, errorMessage } from '#client/lib/api.ts';

type ExportState = { phase: 'idle' } | { phase: 'preparing' } | { phase: 'downloading'; bytes: number } | { phase: 'failed'; message: string };

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file name the server chose (Content-Disposition), or a dated default. */
function fileNameOf(response: { headers: Headers }): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `adloom-export-${new Date().toISOString().slice(0, 10)}.zip`;
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has its own copy once it started; the object URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Your data": downloads the export ZIP (`GET /api/me/export`) with progress (bytes received:
 * the archive is built as it streams, so its size is not known up front), cancellable; the
 * server's refusal (429 after three an hour) is said as it is.
 */
export function ExportCard() {
  const toast = useToast();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const busy = state.phase === 'preparing' || state.phase === 'downloading';

  async function start() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'preparing' });
    try {
      const response = await api.api.me.export.$get(undefined, { init: { signal: controller.signal } });
      if (!response.ok) await call(Promise.resolve(response));
      const reader = response.body?.getReader();
      if (!reader) throw new ApiError('network', 'The download did not start. Try again.', 0);
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      setState({ phase: 'downloading', bytes });
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        bytes += value.byteLength;
        setState({ phase: 'downloading', bytes });
      }
      save(new Blob(chunks, { type: 'application/zip' }), fileNameOf(response));
      setState({ phase: 'idle' });
      toast({ tone: 'success', message: `Your data was downloaded (${formatBytes(bytes)}). We sent you an email about it.` });
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ phase: 'idle' });
        toast({ tone: 'info', message: 'Download cancelled.' });
        return;
      }
      setState({ phase: 'failed', message: errorMessage(error, 'The download was interrupted. Check your connection and try again.') });
    } finally {
      abort.current = null;
    }
  }

  return (
    <Card
      title="Download your data"
      description="A ZIP file with your account, credits and payments, and every project you own with its media, creatives, renders, ads and funnels."
    >
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void start()} pending={busy} pendingLabel="Preparing…">
            <Download aria-hidden="true" className="size-4" />
            Download my data
          </Button>
          {busy ? (
            <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          ) : null}
        </div>
        <p role="status" aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
          {state.phase === 'preparing' ? 'Preparing your archive…' : null}
          {state.phase === 'downloading' ? `Downloading… ${formatBytes(state.bytes)} received` : null}
        </p>
        {state.phase === 'failed' ? (
          <Alert tone="danger" title="Your data could not be downloaded">
            {state.message}
          </Alert>
        ) : null}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Up to three downloads an hour. Leads from your funnels are exported on each funnel’s Leads page.
        </p>
      </div>
    </Card>
  );
}
