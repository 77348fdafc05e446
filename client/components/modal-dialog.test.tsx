import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '#client/components/modal-dialog.tsx';

function open(closeOnBackdrop?: boolean) {
  const onClose = vi.fn();
  render(
    <ModalDialog open onClose={onClose} labelledBy="t" className="" closeOnBackdrop={closeOnBackdrop}>
      <h2 id="t">Title</h2>
      <button type="button">Inside</button>
    </ModalDialog>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Title' }) };
}

describe('ModalDialog', () => {
  it('closes on a click on the backdrop (the dialog itself), not on a click inside', async () => {
    const { onClose, dialog } = open();
    await userEvent.click(screen.getByRole('button', { name: 'Inside' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes with Escape (the dialog’s cancel)', () => {
    const { onClose, dialog } = open(false);
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('stays open on a backdrop click when asked to (a confirmation)', () => {
    const { onClose, dialog } = open(false);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
  });
});
