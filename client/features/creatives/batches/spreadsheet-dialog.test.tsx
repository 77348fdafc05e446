import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { BatchItem } from '#common/schemas/batches.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { SpreadsheetDialog } from '#client/features/creatives/batches/spreadsheet-dialog.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { mediaItem, page, PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

const CREATIVE = 'creative_aaaaaaaaaaaa';
// Layers: logo (logo), headline and body (text), cta (button).
const doc = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square', copy: { headline: 'Spring', body: 'Fresh bread.', cta: 'Order' } });

export function batchItem(overrides: Partial<BatchItem> = {}): BatchItem {
  return {
    id: 'batch_aaaaaaaaaaaaaaaa',
    projectId: PROJECT_ID,
    creativeId: CREATIVE,
    name: 'Spring launch',
    format: 'square',
    status: 'queued',
    total: 2,
    done: 0,
    failed: 0,
    credits: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

function open({ available = 25 as number | null, start = { status: 202, body: batchItem() } as { status: number; body: unknown } } = {}) {
  const calls = mockApi({
    [`GET /api/projects/${PROJECT_ID}/media`]: page([mediaItem('media_bread', { name: 'Bread.png' })]),
    [`POST /api/projects/${PROJECT_ID}/batches`]: start,
  });
  const onStarted = vi.fn();
  const onBeforeStart = vi.fn(() => Promise.resolve(true));
  const onClose = vi.fn();
  renderScreen(
    <SpreadsheetDialog
      projectId={PROJECT_ID}
      creativeId={CREATIVE}
      doc={doc}
      images={{}}
      available={available}
      onBeforeStart={onBeforeStart}
      onClose={onClose}
      onStarted={onStarted}
    />,
  );
  return { calls, onStarted, onBeforeStart, onClose };
}

const box = () => screen.getByLabelText(/Or paste rows/);
/** The value a select labelled so shows. */
const selected = (label: string) => (screen.getByLabelText(label) as unknown as { value: string }).value;

async function paste(text: string) {
  await userEvent.click(box());
  await userEvent.paste(text);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SpreadsheetDialog', () => {
  it('takes rows pasted from a sheet, maps the columns named like layers, draws the first rows, and starts the run with the rows that pass', async () => {
    const { calls, onStarted, onBeforeStart } = open();
    await paste(`headline\tcta\tlogo\tnotes\nBig sale\tBuy\tbread\tx\n${'y'.repeat(501)}\tGo\t\t\nSmall sale\t\thttps://cdn.example.com/a.png\t`);
    expect(selected('Layer for “headline”')).toBe('headline');
    expect(selected('What “headline” holds')).toBe('text');
    expect(selected('Layer for “logo”')).toBe('logo');
    expect(selected('Layer for “notes”')).toBe('');
    // The first rows, drawn by the editor's renderer, the address named under its row.
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('img', { name: 'Row 2' })).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'Row 4' })).toBeTruthy();
    expect(within(preview).getByText('Big sale')).toBeTruthy();
    expect(within(preview).getByText('Picture from https://cdn.example.com/a.png: fetched when the row is drawn.')).toBeTruthy();
    // The bad line is reported, not fatal.
    const problems = screen.getByRole('region', { name: 'Rows left out' });
    expect(within(problems).getByRole('listitem').textContent).toBe('Row 3, “headline”: The text of “headline” is too long: use at most 500 characters.');
    expect(screen.getByText('2 rows will be drawn, 1 skipped.')).toBeTruthy();
    expect(screen.getByText('2 credits at most (rows already drawn cost nothing).')).toBeTruthy();
    expect(screen.getByText('You have 25.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Draw 2 pictures' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith(batchItem()));
    expect(onBeforeStart).toHaveBeenCalledTimes(1);
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/projects/${PROJECT_ID}/batches`,
        body: {
          creativeId: CREATIVE,
          rows: [
            {
              modifications: [
                { layer: 'headline', text: 'Big sale' },
                { layer: 'cta', text: 'Buy' },
                { layer: 'logo', mediaId: 'media_bread' },
              ],
            },
            {
              modifications: [
                { layer: 'headline', text: 'Small sale' },
                { layer: 'logo', imageUrl: 'https://cdn.example.com/a.png' },
              ],
            },
          ],
        },
      },
    ]);
  });

  it('maps a column by hand to a layer and what it holds, and reports what that layer cannot take, by keyboard', async () => {
    open();
    await paste('Price tag;Farbe\n9 €;#F00\n12 €;red\n');
    expect(screen.getByText('Map at least one column to a layer.')).toBeTruthy();
    const layer = screen.getByLabelText('Layer for “Farbe”');
    layer.focus();
    await userEvent.selectOptions(layer, 'body');
    await userEvent.selectOptions(screen.getByLabelText('What “Farbe” holds'), 'color');
    expect(screen.getByText('1 row will be drawn, 1 skipped.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Rows left out' }).textContent).toContain('Row 3, “Farbe”: Use a colour like #1A2B3C.');
    // Back to ignored: nothing to draw from that column.
    await userEvent.selectOptions(screen.getByLabelText('Layer for “Farbe”'), 'Ignore');
    expect(screen.queryByLabelText('What “Farbe” holds')).toBeNull();
    expect(screen.getByText('0 rows will be drawn, 2 skipped.')).toBeTruthy();
  });

  it('finds pictures by their name in the project’s media and reports a name it has not', async () => {
    open();
    await paste('logo\nBread\nCroissant.png\n');
    expect(await screen.findByText('Row 3, “logo”: No picture in the project’s media is named “Croissant.png”.')).toBeTruthy();
    expect(screen.getByText('1 row will be drawn, 1 skipped.')).toBeTruthy();
  });

  it('reads an uploaded CSV into the box; a file that is no sheet is refused and the box keeps its text', async () => {
    open();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(screen.getByText('Upload a CSV').closest('label')?.contains(input)).toBe(true);
    await userEvent.upload(input, new File(['\uFEFFheadline;cta\r\nHallo;Los\r\n'], 'sheet.csv', { type: 'text/csv' }));
    await waitFor(() => expect((box() as HTMLTextAreaElement).value).toBe('headline;cta\r\nHallo;Los\r\n'));
    expect(await screen.findByText('1 row will be drawn, 0 skipped.')).toBeTruthy();
    await userEvent.upload(input, new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'photo.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/This file is not a spreadsheet’s text/)).toBeTruthy();
    expect((box() as HTMLTextAreaElement).value).toBe('headline;cta\r\nHallo;Los\r\n');
  });

  it('takes a dropped file', async () => {
    open();
    const file = new File(['headline,cta\nDropped,Go\n'], 'drop.csv', { type: 'text/csv' });
    fireEvent.drop(screen.getByRole('region', { name: 'Rows' }), { dataTransfer: { files: [file] } });
    await waitFor(() => expect((box() as HTMLTextAreaElement).value).toBe('headline,cta\nDropped,Go\n'));
  });

  it('says when a sheet has more than 1,000 rows or none, and keeps what was pasted', async () => {
    open();
    const many = ['headline', ...Array.from({ length: 1001 }, (_, i) => `Row ${i}`)].join('\n');
    fireEvent.change(box(), { target: { value: many } });
    expect(await screen.findByText('This sheet has 1,001 rows; a run takes at most 1,000. Split it into several runs.')).toBeTruthy();
    expect((box() as HTMLTextAreaElement).value).toBe(many);
    expect(screen.getByRole('button', { name: 'Start' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(box(), { target: { value: 'headline\n' } });
    expect(await screen.findByText(/There are no rows/)).toBeTruthy();
  });

  it('keeps Start disabled with the reason when the balance is short', async () => {
    open({ available: 1 });
    await paste('headline\nOne\nTwo\n');
    const start = screen.getByRole('button', { name: 'Draw 2 pictures' });
    expect(start.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(start.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Your 1 credit does not pay for 2. Leave rows out, or: Get credits');
  });

  it('shows the worker’s 402 as the house shows a spend refused, with the way to more credits', async () => {
    const { onStarted } = open({ start: { status: 402, body: envelope('insufficient_credits', 'You need 2 credits; you have 1.') } });
    await paste('headline\nOne\nTwo\n');
    await userEvent.click(screen.getByRole('button', { name: 'Draw 2 pictures' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You need 2 credits; you have 1.');
    expect(within(alert).getByRole('link', { name: 'Get credits' }).getAttribute('href')).toBe('/account/credits');
    expect(onStarted).not.toHaveBeenCalled();
  });
});
