import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ShowMore } from '#client/components/show-more.tsx';
import { usePaged, type Page } from '#client/lib/use-paged.ts';

/** A fake server: pages of three numbers, cursor = the next start; `fail` makes the next call fail once. */
function server(total: number) {
  const calls: (string | undefined)[] = [];
  let failNext = false;
  return {
    calls,
    failOnce: () => (failNext = true),
    load: async (filter: string, cursor?: string): Promise<Page<string>> => {
      calls.push(cursor);
      if (failNext) {
        failNext = false;
        throw new Error('network');
      }
      const start = cursor ? Number(cursor) : 0;
      const items = Array.from({ length: Math.min(3, total - start) }, (_, i) => `${filter}${start + i}`);
      return { items, nextCursor: start + 3 < total ? String(start + 3) : null };
    },
  };
}

function List({ load }: { load: (filter: string, cursor?: string) => Promise<Page<string>> }) {
  const [filter, setFilter] = useState('a');
  const list = usePaged((cursor) => load(filter, cursor), [filter]);
  return (
    <>
      <button type="button" onClick={() => setFilter('b')}>
        Filter b
      </button>
      <button type="button" onClick={() => setFilter('c')}>
        Filter c
      </button>
      <button type="button" onClick={() => list.patch((item) => (item === 'a1' ? null : item === 'a4' ? 'A4' : item))}>
        Patch
      </button>
      <ul>
        {list.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <ShowMore list={list} />
    </>
  );
}

const shown = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('usePaged with ShowMore', () => {
  it('appends pages until the last one, then hides the button', async () => {
    const api = server(7);
    const user = userEvent.setup();
    render(<List load={api.load} />);
    await screen.findByText('a0');
    expect(shown()).toEqual(['a0', 'a1', 'a2']);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('a5');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('a6');
    expect(shown()).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.calls).toEqual([undefined, '3', '6']);
  });

  it('says so when a page fails, keeps what is shown, and retries the same page', async () => {
    const api = server(7);
    const user = userEvent.setup();
    render(<List load={api.load} />);
    await screen.findByText('a0');
    api.failOnce();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(shown()).toEqual(['a0', 'a1', 'a2']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('a3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls).toEqual([undefined, '3', '3']);
  });

  it('starts from the first page again when the filter changes', async () => {
    const api = server(7);
    const user = userEvent.setup();
    render(<List load={api.load} />);
    await screen.findByText('a0');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('a3');
    await user.click(screen.getByRole('button', { name: 'Filter b' }));
    await screen.findByText('b0');
    expect(shown()).toEqual(['b0', 'b1', 'b2']);
  });

  it('patches loaded items in place, on every page shown, without reloading', async () => {
    const api = server(7);
    const user = userEvent.setup();
    render(<List load={api.load} />);
    await screen.findByText('a0');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('a5');
    await user.click(screen.getByRole('button', { name: 'Patch' }));
    expect(shown()).toEqual(['a0', 'a2', 'a3', 'A4', 'a5']);
    // The next page still follows on from the same cursor.
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('a6');
    expect(api.calls).toEqual([undefined, '3', '6']);
  });

  it('shows the list of the last filter when first pages arrive out of order, with that list’s cursor', async () => {
    const calls: { filter: string; cursor?: string; resolve: () => void; answered: Promise<Page<string>> }[] = [];
    const load = (filter: string, cursor?: string) => {
      let resolve: () => void = () => {};
      const answered = new Promise<Page<string>>((done) => {
        resolve = () => done({ items: [`${filter}${cursor ?? 0}`], nextCursor: cursor ? null : `${filter}-next` });
      });
      calls.push({ filter, cursor, resolve, answered });
      return answered;
    };
    const user = userEvent.setup();
    render(<List load={load} />);
    calls[0]!.resolve();
    await screen.findByText('a0');
    await user.click(screen.getByRole('button', { name: 'Filter b' }));
    await user.click(screen.getByRole('button', { name: 'Filter c' }));
    const [b, c] = [calls.find((x) => x.filter === 'b')!, calls.find((x) => x.filter === 'c')!];
    c.resolve();
    await screen.findByText('c0');
    b.resolve();
    // The list's own handlers of b's answer ran before this await resumes: no clock needed.
    await act(() => b.answered);
    expect(shown()).toEqual(['c0']);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(calls.at(-1)).toMatchObject({ filter: 'c', cursor: 'c-next' });
  });
});
