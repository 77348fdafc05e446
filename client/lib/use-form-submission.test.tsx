import { act, render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/http.ts';
import { firstFieldError, focusFirstError, useFormSubmission } from '#client/lib/use-form-submission.ts';

describe('useFormSubmission', () => {
  it('is pending while the request is out', async () => {
    const { result } = renderHook(() => useFormSubmission());
    let finish = () => {};
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.send(() => new Promise<void>((resolve) => (finish = resolve)), 'Try again.');
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish();
      await sent;
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.formError).toBeNull();
  });

  it('shows the failure with its reference unless the fields took it', async () => {
    const { result } = renderHook(() => useFormSubmission());
    await act(() => result.current.send(() => Promise.reject(new ApiError('boom', 'Server fell over.', 500, undefined, 'req-1')), 'Try again.'));
    expect(result.current.formError).toEqual({ message: 'Server fell over. (reference req-1)', requestId: 'req-1' });

    act(() => result.current.setFormError(null));
    await act(() =>
      result.current.send(
        () => Promise.reject(new ApiError('invalid', 'Check the fields.', 422, { slug: ['Taken.'] })),
        'Try again.',
        () => true,
      ),
    );
    expect(result.current.formError).toBeNull();
  });
});

describe('firstFieldError', () => {
  it('picks the first of the fields the server has a message for', () => {
    const error = new ApiError('invalid', 'Check the fields.', 422, { title: ['Too long.'], slug: ['Taken.'] });
    expect(firstFieldError(error, ['slug', 'title'])).toEqual({ field: 'slug', message: 'Taken.' });
    expect(firstFieldError(error, ['name'])).toBeUndefined();
    expect(firstFieldError(new Error('offline'), ['slug'])).toBeUndefined();
  });
});

describe('focusFirstError', () => {
  it('focuses the first field in order that has an error', () => {
    const { container } = render(
      <form>
        <input name="title" />
        <input name="slug" />
      </form>,
    );
    const form = container.querySelector('form')!;
    expect(focusFirstError(form, { title: undefined, slug: 'Taken.' }, ['title', 'slug'])).toBe(true);
    expect(document.activeElement?.getAttribute('name')).toBe('slug');
    expect(focusFirstError(form, {}, ['title', 'slug'])).toBe(false);
  });
});
