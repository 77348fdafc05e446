import type { StandardSchemaV1 } from '@standard-schema/spec';
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { issuesToDetails } from '#common/schemas/fields.ts';
import { ApiError, referenceOf, httpMessages } from '#client/lib/http.ts';
import { useSayEnglish } from '#client/lib/i18n-context.tsx';

/** A field's value: a text, or the picked items of a group of checkboxes (`choices`). */
type Value = string | readonly string[];
type Values = Record<string, Value>;

function validateSync<S extends StandardSchemaV1>(schema: S, values: Values) {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('form schemas must validate synchronously');
  if (!result.issues) return { data: result.value as StandardSchemaV1.InferOutput<S>, errors: {} as Record<string, string> };
  const details = issuesToDetails(
    result.issues.map((issue) => ({ message: issue.message, path: (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)) })),
  );
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(details)) if (messages[0]) errors[key] = messages[0];
  return { data: undefined, errors };
}

const textOf = (value: Value | undefined) => (typeof value === 'string' ? value : '');

/**
 * Islands hydrate after the page has loaded. What was typed into the server-rendered form
 * before stays in its fields (React keeps the DOM's value) but never reaches the state: the
 * next render would empty the fields, and a submit would check (and send) empty values the
 * user sees filled in. This reads what the fields show; `values` itself when nothing differs.
 */
function withTypedBeforeHydration(form: HTMLFormElement | null, values: Values): Values {
  if (!form) return values;
  const typed = Object.keys(values).flatMap((name) => {
    // A group of checkboxes keeps its state in React: the server renders none.
    if (typeof values[name] !== 'string') return [];
    const control = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`input[name="${name}"]:not([type=hidden]), textarea[name="${name}"]`);
    return control && control.value !== values[name] ? [[name, control.value] as const] : [];
  });
  return typed.length ? { ...values, ...Object.fromEntries(typed) } : values;
}

/**
 * Form state validated with the same schema the server uses: fields are checked as
 * you type once touched, the server's `details` land on the right fields, and a
 * pending submit cannot be sent twice. A server-rendered form (an island) passes its element as `formRef`
 * so that what was typed before it hydrated is kept.
 */
export function useForm<S extends StandardSchemaV1, V extends Values = Values>(
  schema: S,
  initial: V,
  options: { formRef?: RefObject<HTMLFormElement | null> } = {},
) {
  const { formRef } = options;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [formError, setFormError] = useState<{ message: string; code?: string | undefined; requestId?: string | undefined } | null>(null);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  // The schemas speak English (the key): in the workspace in another language a field's message
  // is said through its instance (the `validation` area, loaded at start). The public islands
  // have no Lingui instance: their words hold the forms' messages keyed by their English (the
  // server puts them there on a German page, client/public/island.tsx); else the English stays.
  const say = useSayEnglish();
  // Right after hydration, before anything renders again: what was typed before the
  // island's script ran becomes the form's state.
  useEffect(() => {
    const form = formRef?.current ?? null;
    if (form) setValues((current) => withTypedBeforeHydration(form, current));
  }, [formRef]);

  const shownError = useCallback((name: string) => (touched[name] && errors[name] !== undefined ? say(errors[name]) : undefined), [touched, errors, say]);

  const field = useCallback(
    (name: string) => ({
      name,
      value: textOf(values[name]),
      error: shownError(name),
      onChange: (event: { currentTarget: { value: string } }) => {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        if (touched[name]) setErrors(validateSync(schema, next).errors);
      },
      onBlur: () => {
        if (textOf(values[name]) === '' && !touched[name]) return;
        setTouched((t) => ({ ...t, [name]: true }));
        setErrors(validateSync(schema, values).errors);
      },
    }),
    [values, touched, schema, shownError],
  );

  /**
   * A group of checkboxes over `all` (a field whose value is a list): what is picked, its error,
   * and `onToggle`, which keeps the picked items in `all`'s order.
   */
  const choices = useCallback(
    <T extends string>(name: string, all: readonly T[]) => {
      const current = values[name];
      const picked = (typeof current === 'string' || current === undefined ? [] : current) as readonly T[];
      return {
        name,
        picked,
        error: shownError(name),
        onToggle: (item: T, on: boolean) => {
          const next = { ...values, [name]: on ? all.filter((x) => x === item || picked.includes(x)) : picked.filter((x) => x !== item) };
          setValues(next);
          if (touched[name]) setErrors(validateSync(schema, next).errors);
        },
      };
    },
    [values, touched, schema, shownError],
  );

  const handleSubmit = useCallback(
    (onValid: (data: StandardSchemaV1.InferOutput<S>) => Promise<void>) => async (event: FormEvent) => {
      event.preventDefault();
      if (inFlight.current) return;
      const submitted = withTypedBeforeHydration(event.currentTarget as HTMLFormElement, values);
      if (submitted !== values) setValues(submitted);
      const { data, errors: found } = validateSync(schema, submitted);
      setTouched(Object.fromEntries(Object.keys(submitted).map((k) => [k, true])));
      setErrors(found);
      setFormError(null);
      if (!data) {
        // Focus the first field in the form's own order that needs attention.
        const fields = [...(event.currentTarget as HTMLFormElement).querySelectorAll<HTMLElement>('[name]')];
        fields.find((field) => field.getAttribute('name')! in found)?.focus();
        return;
      }
      inFlight.current = true;
      setPending(true);
      try {
        await onValid(data);
      } catch (error) {
        if (error instanceof ApiError) {
          const fieldErrors: Record<string, string> = {};
          for (const [key, messages] of Object.entries(error.details ?? {})) if (messages[0] && key in submitted) fieldErrors[key] = messages[0];
          setErrors(fieldErrors);
          setFormError({ message: error.message, code: error.code, requestId: referenceOf(error) });
        } else {
          setFormError({ message: httpMessages.unexpected });
        }
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [values, schema],
  );

  /** Fills in a field the user has not typed into (yet): a suggestion never overwrites them. */
  const suggest = useCallback((name: string, value: string) => setValues((current) => (current[name] ? current : { ...current, [name]: value })), []);

  const reset = useCallback((next: Values) => {
    setValues(next);
    setErrors({});
    setTouched({});
  }, []);

  // Each field keeps the kind it started with (a text, or a group's list), so the caller reads its `initial`'s shape.
  return { values: values as V, field, choices, handleSubmit, pending, formError, setFormError, reset, suggest };
}

/** What the server answered a no-JavaScript submission of an island's form. */
export interface ServerAnswer {
  initialErrors?: Record<string, string> | undefined;
  initialFormError?: string | undefined;
}

/**
 * An island's form (a server-rendered page's): without JavaScript it posts to `action`, and
 * the server renders it again with its answer; hydrated, `onValid` sends it. The server's
 * answer shows until the form's own checks say otherwise: a field's error from the server
 * under the field, its form error above the form.
 */
export function useServerForm<S extends StandardSchemaV1>(schema: S, initial: Values, { initialErrors, initialFormError }: ServerAnswer = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm(schema, initial, { formRef });
  const field = (name: string) => {
    const props = form.field(name);
    return { ...props, error: props.error ?? initialErrors?.[name] };
  };
  const error = form.formError ?? (initialFormError ? { message: initialFormError } : null);
  /** The `<form>`'s own props: a plain POST to `action`, checked and sent by `onValid` once hydrated. */
  const formProps = (action: string, className: string, onValid: (data: StandardSchemaV1.InferOutput<S>) => Promise<void>) => ({
    ref: formRef,
    method: 'post',
    action,
    noValidate: true,
    className,
    onSubmit: form.handleSubmit(onValid),
  });
  return { ...form, field, error, formProps };
}
