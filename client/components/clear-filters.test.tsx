import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClearFiltersButton, NoMatches } from '#client/components/clear-filters.tsx';

describe('NoMatches', () => {
  it('says nothing matches and clears the filters', async () => {
    const onClear = vi.fn();
    const user = userEvent.setup();
    render(<NoMatches onClear={onClear}>No items match these filters.</NoMatches>);
    expect(screen.getByRole('heading', { name: 'Nothing matches' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalled();
  });
});

describe('ClearFiltersButton', () => {
  it('clears the filters', async () => {
    const onClear = vi.fn();
    const user = userEvent.setup();
    render(<ClearFiltersButton onClear={onClear} />);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
