import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoveButtons } from '#client/components/editor/move-buttons.tsx';

describe('MoveButtons', () => {
  it('moves the item up or down and removes it; the first cannot go up, the last cannot go down', async () => {
    const onMove = vi.fn();
    const onRemove = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<MoveButtons label="plan 1" index={0} count={2} onMove={onMove} onRemove={onRemove} />);
    expect((screen.getByRole('button', { name: 'Move plan 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move plan 1 down' }));
    expect(onMove).toHaveBeenCalledWith(1);
    rerender(<MoveButtons label="plan 2" index={1} count={2} onMove={onMove} onRemove={onRemove} />);
    expect((screen.getByRole('button', { name: 'Move plan 2 down' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move plan 2 up' }));
    expect(onMove).toHaveBeenLastCalledWith(0);
    await user.click(screen.getByRole('button', { name: 'Remove plan 2' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('shows nothing in a read-only form', () => {
    const { container } = render(<MoveButtons label="plan 1" index={0} count={2} readOnly onMove={() => {}} onRemove={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
