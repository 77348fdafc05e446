import { useSayEnglish } from '#client/lib/i18n-context.tsx';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const control =
  'block w-full rounded-[var(--radius-control)] border bg-white px-3 text-base text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600 disabled:bg-zinc-100 read-only:bg-zinc-50 read-only:text-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:disabled:bg-zinc-800 dark:read-only:bg-zinc-800 dark:read-only:text-zinc-300 sm:text-sm';

interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: string;
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  // A schema's English message, in the reader's language (a screen may pass the issue as it came).
  const say = useSayEnglish();
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {say(error)}
        </p>
      ) : null}
    </>
  );
}

/** What a control gets from its frame: its id, its border (red on error) and its aria links to the messages. */
interface ControlChrome {
  id: string;
  border: string;
  invalid: true | undefined;
  describedBy: string | undefined;
}

/** The label above, the messages below: the frame every field shares around its control. */
function FieldFrame({
  label,
  error,
  hint,
  givenId,
  className,
  children,
}: FieldChrome & { givenId: string | undefined; className: string; children: (chrome: ControlChrome) => ReactNode }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const chrome: ControlChrome = {
    id,
    border: error ? 'border-red-500' : 'border-zinc-300 dark:border-zinc-700',
    invalid: error ? true : undefined,
    describedBy: describedBy(id, error, hint),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      {children(chrome)}
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextField({ label, error, hint, id, className = '', ...input }: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} givenId={id} className={className}>
      {(c) => <input id={c.id} className={`${control} h-10 ${c.border}`} aria-invalid={c.invalid} aria-describedby={c.describedBy} {...input} />}
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, id, className = '', ...input }: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} givenId={id} className={className}>
      {(c) => <textarea id={c.id} className={`${control} min-h-32 py-2 ${c.border}`} aria-invalid={c.invalid} aria-describedby={c.describedBy} {...input} />}
    </FieldFrame>
  );
}

export function SelectField({ label, error, hint, id, className = '', children, ...select }: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} givenId={id} className={className}>
      {(c) => (
        <select id={c.id} className={`${control} h-10 ${c.border}`} aria-invalid={c.invalid} aria-describedby={c.describedBy} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
