import { useState } from 'react';
import { ApiError, errorMessage, referenceOf } from '#client/lib/http.ts';

/** What a failed submission shows above the form (see `FormError`). */
export interface FormFailure {
  message: string;
  requestId?: string | undefined;
}

/**
 * The sending half of a dialog's form: `pending` while a request is out (the form ignores
 * another submit meanwhile), and when it fails, either `onFieldErrors` puts the server's
 * answer on the fields (and returns true) or the form shows the message with its support reference.
 */
export function useFormSubmission() {
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<FormFailure | null>(null);
  const send = async (task: () => Promise<void>, fallback: string, onFieldErrors?: (error: unknown) => boolean) => {
    setPending(true);
    try {
      await task();
    } catch (error) {
      if (!onFieldErrors?.(error)) setFormError({ message: errorMessage(error, fallback), requestId: referenceOf(error) });
    } finally {
      setPending(false);
    }
  };
  return { pending, formError, setFormError, send };
}

/** The first of `fields` the server's answer has a message for (its `details`), with that message. */
export function firstFieldError<K extends string>(error: unknown, fields: readonly K[]): { field: K; message: string } | undefined {
  const details = error instanceof ApiError ? error.details : undefined;
  const field = fields.find((name) => details?.[name]?.[0]);
  return field === undefined ? undefined : { field, message: details![field]![0]! };
}

/** Moves the focus to the first field, in `order`, that has an error; whether there was one. */
export function focusFirstError<K extends string>(
  form: HTMLFormElement,
  errors: Readonly<Partial<Record<NoInfer<K>, string | undefined>>>,
  order: readonly K[],
): boolean {
  const first = order.find((name) => errors[name]);
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  return first !== undefined;
}
