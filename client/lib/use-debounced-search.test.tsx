import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useDebouncedSearch } from '#client/lib/use-debounced-search.ts';

function Search({ initial }: { initial?: string }) {
  const { typed, setTyped, query } = useDebouncedSearch(initial);
  return (
    <>
      <input aria-label="Search" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      <output>{query}</output>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedSearch', () => {
  it('starts from the initial text, trimmed, as the query', () => {
    render(<Search initial=" bakery " />);
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe(' bakery ');
    expect(screen.getByRole('status').textContent).toBe('bakery');
  });

  it('runs the trimmed query once typing pauses, not at every keystroke', () => {
    vi.useFakeTimers();
    render(<Search />);
    const input = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'ha' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 1);
    });
    fireEvent.change(input, { target: { value: 'harbour ' } });
    act(() => {
      vi.advanceTimersByTime(SEARCH_DELAY_MS - 1);
    });
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status').textContent).toBe('harbour');
  });
});
