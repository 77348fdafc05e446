import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteDialog } from '#client/components/delete-dialog.tsx';
import { ToastProvider } from '#client/components/toast.tsx';
import { ApiError } from '#client/lib/http.ts';

type Item = { id: string; name: string };

function List({ remove }: { remove: (item: Item) => Promise<unknown> }) {
  const [items, setItems] = useState<Item[]>([{ id: 'a', name: 'Spring sale' }]);
  const [deleting, setDeleting] = useState<Item | null>(null);
  return (
    <ToastProvider>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.name}
            <button type="button" onClick={() => setDeleting(item)}>
              Delete {item.name}
            </button>
          </li>
        ))}
      </ul>
      <DeleteDialog
        item={deleting}
        list={{ patch: (map) => setItems((list) => list.flatMap((i) => map(i) ?? [])) }}
        confirmLabel="Delete it"
        failure="It could not be deleted."
        remove={remove}
        onClose={() => setDeleting(null)}
      >
        It goes for everyone.
      </DeleteDialog>
    </ToastProvider>
  );
}

describe('DeleteDialog', () => {
  it('asks, deletes, takes the item out of the list and says so', async () => {
    const remove = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<List remove={remove} />);
    await user.click(screen.getByRole('button', { name: 'Delete Spring sale' }));
    expect(screen.getByRole('dialog', { name: 'Delete “Spring sale”?' }).textContent).toContain('It goes for everyone.');
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(remove).toHaveBeenCalledWith({ id: 'a', name: 'Spring sale' });
    expect(screen.getByRole('status').textContent).toContain('“Spring sale” was deleted.');
    expect(screen.queryByRole('button', { name: 'Delete Spring sale' })).toBeNull();
  });

  it('keeps the item and shows the server’s message when the deletion fails', async () => {
    const user = userEvent.setup();
    render(<List remove={() => Promise.reject(new ApiError('conflict', 'It is in use.', 409))} />);
    await user.click(screen.getByRole('button', { name: 'Delete Spring sale' }));
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('It is in use.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Spring sale' })).toBeTruthy();
  });
});
