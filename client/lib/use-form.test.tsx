import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useServerForm, type ServerAnswer } from '#client/lib/use-form.ts';

const schema = z.object({ email: z.string().check(z.minLength(3, 'Enter your email.')) });

function Island({ answer, onValid }: { answer: ServerAnswer; onValid: (data: { email: string }) => Promise<void> }) {
  const form = useServerForm(schema, { email: '' }, answer);
  return (
    <form aria-label="Island" {...form.formProps('/subscribe', 'space-y-4', onValid)}>
      <FormError error={form.error} />
      <TextField label="Email" {...form.field('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useServerForm', () => {
  it('renders a plain POST form to the action, for a visitor without JavaScript', () => {
    render(<Island answer={{}} onValid={async () => {}} />);
    const form = screen.getByRole('form', { name: 'Island' });
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/subscribe');
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(form.className).toBe('space-y-4');
  });

  it('shows the server’s answer until the form’s own checks replace it', async () => {
    const user = userEvent.setup();
    render(<Island answer={{ initialErrors: { email: 'Taken.' }, initialFormError: 'Try again later.' }} onValid={async () => {}} />);
    expect(screen.getByText('Try again later.')).toBeTruthy();
    expect(screen.getByText('Taken.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter your email.')).toBeTruthy();
    expect(screen.queryByText('Taken.')).toBeNull();
  });

  it('sends valid data through onValid once hydrated', async () => {
    const onValid = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Island answer={{}} onValid={onValid} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com' }));
  });
});
