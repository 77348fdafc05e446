import { Search } from 'lucide-react';
import type { Ref } from 'react';

/**
 * A list's search field: a search landmark holding a labelled search input with the magnifier
 * inside it. The label is for screen readers; the placeholder says what is searched.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  maxLength = 100,
  ref,
  className = 'mb-4 max-w-md',
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The longest search the list's API takes. */
  maxLength?: number;
  ref?: Ref<HTMLInputElement>;
  /** Its margin and width where it stands (a list's top by default). */
  className?: string;
}) {
  return (
    <div role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
      <input
        ref={ref}
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.currentTarget.value)}
        className="block h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white pr-3 pl-9 text-base shadow-sm focus:outline-2 focus:outline-accent-600 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
    </div>
  );
}
