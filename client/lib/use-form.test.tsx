import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { CheckboxGroup } from '#client/components/checkbox-group.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { useForm, useServerForm, type ServerAnswer } from '#client/lib/use-form.ts';

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

const COLOURS = ['red', 'green', 'blue'] as const;
const picks = z.object({ colours: z.array(z.enum(COLOURS)).check(z.minLength(1, 'Pick a colour.')) });

function Picks({ onValid }: { onValid: (data: { colours: string[] }) => Promise<void> }) {
  const form = useForm(picks, { colours: [] });
  return (
    <form aria-label="Picks" noValidate onSubmit={form.handleSubmit(onValid)}>
      <CheckboxGroup legend="Colours" options={COLOURS.map((value) => ({ value, label: value }))} {...form.choices('colours', COLOURS)} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useForm choices', () => {
  it('checks a group of checkboxes like a field: the error on submit, gone once one is picked, the picks in the list’s order', async () => {
    const onValid = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Picks onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Pick a colour.')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Colours' }).getAttribute('aria-describedby')).toBe(screen.getByText('Pick a colour.').id);
    // The first box has the focus: space ticks it, and the error goes as the group is checked again.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'red' }));
    await user.keyboard(' ');
    expect(screen.queryByText('Pick a colour.')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'blue' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ colours: ['red', 'blue'] }));
  });
});
