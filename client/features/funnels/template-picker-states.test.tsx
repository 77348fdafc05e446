import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { PreviewChunkLoader } from '#client/features/funnels/template-art.tsx';
import { TemplatePicker } from '#client/features/funnels/template-picker.tsx';
import * as previews from '#client/features/funnels/template-preview.tsx';

const BRAND = { theme: DEFAULT_THEME, locale: 'en' as const, projectName: 'Northwind Coffee', logo: null };

/** The previews' chunk held back until `settle`, then failing (a lost connection), later coming. */
function heldChunk() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof previews>((resolve, reject) => {
        pending.push({ resolve: () => resolve(previews), reject });
      }),
  );
  return { load, fail: () => pending.shift()!.reject(new TypeError('Failed to fetch dynamically imported module')), come: () => pending.shift()!.resolve() };
}

describe('the template picker while its previews load, and when they cannot', () => {
  it('says it is loading, then says the preview could not be loaded with a way to try again that works by keyboard', async () => {
    // Every option near the screen at once: only the chunk decides whether thumbnails are drawn.
    vi.stubGlobal('IntersectionObserver', undefined);
    const chunk = heldChunk();
    render(
      <PreviewChunkLoader value={chunk.load}>
        <TemplatePicker kind="page" value="coupon" onChange={() => undefined} brand={BRAND} />
      </PreviewChunkLoader>,
    );
    const figure = screen.getByRole('figure', { name: 'Preview of “Coupon” in your brand' });
    // Loading: words where the picture will be.
    expect(within(figure).getByText('Loading the preview…')).toBeTruthy();
    expect(screen.queryByTestId('template-preview')).toBeNull();
    expect(chunk.load).toHaveBeenCalledTimes(1);

    chunk.fail();
    const alert = await within(figure).findByRole('alert');
    expect(alert.textContent).toContain('The preview could not be loaded. Check your connection and try again.');
    expect(within(figure).queryByText('Loading the preview…')).toBeNull();
    expect(screen.queryAllByTestId('template-thumbnail')).toHaveLength(0);
    // The list still works while the previews are missing.
    expect(screen.getAllByRole('radio')).toHaveLength(11);

    const user = userEvent.setup();
    within(alert).getByRole('button', { name: 'Try again' }).focus();
    await user.keyboard('{Enter}');
    expect(chunk.load).toHaveBeenCalledTimes(2);
    expect(within(figure).getByText('Loading the preview…')).toBeTruthy();
    chunk.come();
    expect(await within(figure).findByTestId('template-preview')).toBeTruthy();
    expect(within(figure).queryByRole('alert')).toBeNull();
    expect(screen.getAllByTestId('template-thumbnail')).toHaveLength(10);
  });
});
