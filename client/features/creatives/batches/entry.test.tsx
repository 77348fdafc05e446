import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { BatchDetail, BatchItem } from '#common/schemas/batches.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import SpreadsheetRuns from '#client/features/creatives/batches/entry.tsx';
import { POLL_MS } from '#client/features/creatives/batches/use-runs.ts';
import { mockApi } from '#client/test/api-mock.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

// The runs' dialog is lazy (entry.tsx): under the fake clock, findBy advances fake time without
// waiting in real time, so a module still being transformed never arrived in time. Loaded here,
// React.lazy finds it at once (as in brand-kit-card.test.tsx).
beforeAll(async () => {
  await import('#client/features/creatives/batches/runs-dialog.tsx');
});

const CREATIVE = 'creative_aaaaaaaaaaaa';
const BATCH = 'batch_aaaaaaaaaaaaaaaa';
const doc = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' });
const LIST = `GET /api/projects/${PROJECT_ID}/batches`;

function batch(overrides: Partial<BatchItem> = {}): BatchItem {
  return {
    id: BATCH,
    projectId: PROJECT_ID,
    creativeId: CREATIVE,
    name: 'Spring launch',
    format: 'square',
    status: 'running',
    total: 4,
    done: 1,
    failed: 0,
    credits: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

function detail(item: BatchItem): BatchDetail {
  return {
    batch: item,
    rows: [
      { index: 1, status: 'failed', creationId: null, thumbnailUrl: null, error: 'The picture at that address could not be fetched.' },
      { index: 0, status: 'done', creationId: 'creation_0aaaaaaaaaaa', thumbnailUrl: '/api/creations/creation_0aaaaaaaaaaa/thumbnail', error: null },
    ],
  };
}

function show(props: { readOnly?: boolean } = {}) {
  const onCreditsChanged = vi.fn();
  renderScreen(
    <SpreadsheetRuns
      projectId={PROJECT_ID}
      creativeId={CREATIVE}
      doc={doc}
      images={{}}
      readOnly={props.readOnly ?? false}
      available={25}
      onBeforeStart={() => Promise.resolve(true)}
      onCreditsChanged={onCreditsChanged}
    />,
  );
  return { onCreditsChanged };
}

const lists = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'GET' && c.path === `/api/projects/${PROJECT_ID}/batches`).length;

// The dialogs load lazily: read once before any clock is faked, since waitFor's fake second can pass
// before a first import (transformed on a busy machine) resolves.
beforeAll(async () => {
  await Promise.all([import('#client/features/creatives/batches/runs-dialog.tsx'), import('#client/features/creatives/batches/spreadsheet-dialog.tsx')]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SpreadsheetRuns', () => {
  it('shows a run still drawing when the editor opens, polls it gently until it settles, then says so and stops', async () => {
    const user = useFakeClock();
    const answers = [
      batch({ done: 1 }),
      batch({ done: 1 }),
      batch({ done: 3 }),
      batch({ status: 'done', done: 3, failed: 1, finishedAt: '2026-03-01T10:05:00.000Z' }),
    ];
    let n = 0;
    const calls = mockApi({ [LIST]: () => ({ status: 200, body: { items: [answers[Math.min(n++, answers.length - 1)]] } }) });
    const { onCreditsChanged } = show();
    const bar = await screen.findByRole('progressbar', { name: 'Drawing from the spreadsheet' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(bar.getAttribute('aria-valuetext')).toBe('1 of 4 rows settled, 0 failed');
    expect(lists(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(lists(calls)).toBe(2);
    // No change: the next look waits half as long again.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(lists(calls)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 0.5));
    expect(lists(calls)).toBe(3);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(lists(calls)).toBe(4);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/Run finished: 3 pictures drawn, 1 failed\./)).toBeTruthy();
    expect(onCreditsChanged).toHaveBeenCalledTimes(1);
    // Settled: no more looks.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 20));
    expect(lists(calls)).toBe(4);
    void user;
  });

  it('does not look while the tab is hidden, and looks at once when it shows again', async () => {
    useFakeClock();
    const calls = mockApi({ [LIST]: { status: 200, body: { items: [batch()] } } });
    show();
    await screen.findByRole('progressbar');
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 10));
    expect(lists(calls)).toBe(1);
    hidden.mockReturnValue(false);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(lists(calls)).toBe(2);
  });

  it('cancels a run only after asking, by keyboard', async () => {
    const user = useFakeClock();
    const calls = mockApi({
      [LIST]: { status: 200, body: { items: [batch()] } },
      [`POST /api/projects/${PROJECT_ID}/batches/${BATCH}/cancel`]: {
        status: 200,
        body: batch({ status: 'cancelled', finishedAt: '2026-03-01T10:01:00.000Z' }),
      },
    });
    show();
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Cancel this run?' });
    expect(dialog.textContent).toContain('The 3 rows still waiting are not drawn and cost nothing.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep drawing' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Cancel this run?' })).getByRole('button', { name: 'Cancel run' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: `/api/projects/${PROJECT_ID}/batches/${BATCH}/cancel`, body: undefined }]));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('opens the past runs and a run’s gallery: thumbnails in row order, a failed row’s reason, Retry failed rows, the ZIP', async () => {
    const user = useFakeClock();
    const done = batch({ status: 'done', done: 1, failed: 1, total: 2, finishedAt: '2026-03-01T10:05:00.000Z' });
    const calls = mockApi({
      [LIST]: { status: 200, body: { items: [done] } },
      [`GET /api/projects/${PROJECT_ID}/batches/${BATCH}`]: { status: 200, body: detail(done) },
      [`POST /api/projects/${PROJECT_ID}/batches/${BATCH}/retry`]: { status: 202, body: batch({ status: 'queued', done: 1, failed: 0, total: 2 }) },
    });
    show();
    await user.click(await screen.findByRole('button', { name: 'Runs from spreadsheets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Runs from spreadsheets' });
    expect(within(dialog).getByText(/Finished: 1 of 2 drawn, 1 failed/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Open the run of/ }));
    const gallery = await screen.findByRole('dialog', { name: 'Spring launch' });
    const items = await within(gallery).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Row 1: drawn', 'The picture at that address could not be fetched.Row 2: failed']);
    expect(within(items[0]!).getByRole('img', { name: 'Row 1' }).getAttribute('src')).toBe('/api/creations/creation_0aaaaaaaaaaa/thumbnail');
    const zip = within(gallery).getByRole('link', { name: 'Download ZIP' });
    expect(zip.getAttribute('href')).toBe(`/api/projects/${PROJECT_ID}/batches/${BATCH}/zip`);
    expect(zip.hasAttribute('download')).toBe(true);
    await user.click(within(gallery).getByRole('button', { name: 'Retry failed rows (1)' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: `/api/projects/${PROJECT_ID}/batches/${BATCH}/retry`, body: undefined }]));
  });

  it('shows a viewer nothing while the creative has no runs', async () => {
    const user = useFakeClock();
    mockApi({ [LIST]: { status: 200, body: { items: [] } } });
    show({ readOnly: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    // Nothing to show for a viewer without runs: no button at all.
    expect(screen.queryByRole('button')).toBeNull();
    void user;
  });
});
