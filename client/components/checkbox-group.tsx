import { useId } from 'react';

/** One box of a `CheckboxGroup`: its value, its label, and optionally a line below and whether it can be picked. */
export interface CheckboxOption<T extends string> {
  value: T;
  label: string;
  hint?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * A fieldset of checkboxes, a form's list field (`useForm`'s `choices`): the legend, one labelled
 * box an item (with its hint below), the group's error under them, linked to the fieldset. The
 * boxes carry the field's name, so a failed submit can focus the first.
 */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  picked,
  error,
  onToggle,
  columns = 1,
}: {
  legend: string;
  name: string;
  options: readonly CheckboxOption<T>[];
  picked: readonly T[];
  error?: string | undefined;
  onToggle: (value: T, on: boolean) => void;
  /** Two columns from the small breakpoint up, for a long list of short labels. */
  columns?: 1 | 2;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={`mt-2 ${columns === 2 ? 'grid gap-2 sm:grid-cols-2' : 'space-y-2'}`}>
        {options.map((option) => (
          <div key={option.value}>
            <label
              className={`flex items-center gap-2 text-sm ${option.hint ? 'font-medium' : ''} ${option.disabled ? 'text-zinc-400 dark:text-zinc-500' : ''}`}
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                className="size-4 rounded border-zinc-300 focus-visible:outline-2 focus-visible:outline-accent-600"
                checked={picked.includes(option.value)}
                disabled={option.disabled}
                onChange={(e) => onToggle(option.value, e.currentTarget.checked)}
              />
              {option.label}
            </label>
            {option.hint ? <p className="ml-6 text-xs text-zinc-500">{option.hint}</p> : null}
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
