import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClearFiltersButton, EmptyList, NoMatches } from '#client/components/clear-filters.tsx';

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

describe('EmptyList', () => {
  it('says nothing matches while filtered, else shows the list’s empty state', () => {
    const props = { icon: null, onClear: () => {}, noMatches: 'No pages in this funnel yet.', title: 'No pages yet' };
    const { rerender } = render(
      <EmptyList filtered {...props}>
        Pages belong to a funnel.
      </EmptyList>,
    );
    expect(screen.getByRole('heading', { name: 'Nothing matches' })).toBeTruthy();
    expect(screen.getByText('No pages in this funnel yet.')).toBeTruthy();
    rerender(
      <EmptyList filtered={false} {...props}>
        Pages belong to a funnel.
      </EmptyList>,
    );
    expect(screen.getByRole('heading', { name: 'No pages yet' })).toBeTruthy();
    expect(screen.getByText('Pages belong to a funnel.')).toBeTruthy();
  });
});
