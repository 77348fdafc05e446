import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { doc, open, pageDetail } from '#client/test/page-editor-fixtures.tsx';

const EMPTY: PageDocument = { ...doc, blocks: [] };
const PREVIEW = 'Preview of variant A';

describe('the page canvas of a page without blocks', () => {
  it('shows "add your first block" where the page would be; by keyboard it opens the block picker and the block lands on the canvas', async () => {
    const user = userEvent.setup();
    open({}, pageDetail({ draft: EMPTY }));
    const start = await screen.findByRole('button', { name: 'Add your first block' });
    expect(screen.getByRole('heading', { name: 'This page has no blocks yet' })).toBeTruthy();
    // No empty frame drawn, and no hint about clicking blocks that are not there.
    expect(screen.queryByRole('region', { name: PREVIEW })).toBeNull();
    expect(screen.queryByText(/Click a block/)).toBeNull();

    start.focus();
    await user.keyboard('{Enter}');
    const picker = screen.getByRole('dialog', { name: 'Add a block' });
    await user.click(within(picker).getByRole('button', { name: /^FAQ/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a block' })).toBeNull());
    const region = await screen.findByRole('region', { name: PREVIEW });
    const iframe = within(region).getByTitle(new RegExp(`^${PREVIEW} on a`)) as HTMLIFrameElement;
    await waitFor(() => expect(iframe.contentDocument?.querySelectorAll('[data-canvas-block]')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add your first block' })).toBeNull();
  });

  it('tells a viewer the page shows nothing, without the button', async () => {
    open({}, pageDetail({ draft: EMPTY, role: 'viewer' }));
    expect(await screen.findByText('Nothing is shown on this page.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add your first block' })).toBeNull();
  });
});
