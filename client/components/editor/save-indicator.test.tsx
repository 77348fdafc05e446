import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SaveConflict, SaveIndicator } from '#client/components/editor/save-indicator.tsx';

const status = () => screen.getByRole('status');

describe('SaveIndicator', () => {
  it('says each state in words, in one live region', () => {
    const { rerender } = render(<SaveIndicator state="saved" />);
    expect(status().textContent).toBe('Saved');
    expect(status().getAttribute('aria-live')).toBe('polite');
    rerender(<SaveIndicator state="pending" />);
    expect(status().textContent).toBe('Unsaved changes');
    rerender(<SaveIndicator state="saving" />);
    expect(status().textContent).toBe('Saving…');
    rerender(<SaveIndicator state="invalid" />);
    expect(status().textContent).toBe('Not saved: fix the fields marked in red');
    rerender(<SaveIndicator state="readonly" />);
    expect(status().textContent).toBe('View only');
  });

  it('shows why a save failed, with a Retry that calls back', async () => {
    const onRetry = vi.fn();
    const { rerender } = render(<SaveIndicator state="error" error="The network is down." onRetry={onRetry} />);
    expect(status().textContent).toBe('The network is down.Retry');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    // Without a message: the short form.
    rerender(<SaveIndicator state="error" onRetry={onRetry} />);
    expect(status().textContent).toBe('Not savedRetry');
  });

  it('offers no Retry without a callback, nor for a conflict (a newer version exists)', () => {
    const { rerender } = render(<SaveIndicator state="error" error="Not saved: fix the colours." />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    rerender(<SaveIndicator state="conflict" error="Someone saved." onRetry={() => {}} />);
    expect(status().textContent).toBe('Not saved: newer version exists');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('takes a name and the classes of its place', () => {
    render(<SaveIndicator state="saved" label="Brand kit save state" className="flex min-h-5" />);
    const region = screen.getByRole('status', { name: 'Brand kit save state' });
    expect(region.className).toBe('flex min-h-5');
  });
});

describe('SaveConflict', () => {
  it('names what someone else saved and offers the newest version', () => {
    render(<SaveConflict what="this page" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A newer version exists');
    expect(alert.textContent).toContain('Someone else saved this page while you were editing.');
    expect(screen.getByRole('button', { name: 'Reload the newest version' })).toBeTruthy();
  });
});
