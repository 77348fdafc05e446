import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useT } from '#client/lib/i18n-context.tsx';

/** Tags as removable chips; Enter or comma adds what was typed, Backspace on empty removes the last. */
export function TagInput({
  label,
  value,
  onChange,
  disabled = false,
  max = 20,
}: {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  max?: number;
}) {
  const id = useId();
  const t = useT();
  const [draft, setDraft] = useState('');
  const commit = () => {
    const tag = draft.trim().toLowerCase().slice(0, 40);
    if (tag && !value.includes(tag) && value.length < max) onChange([...value, tag]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-2 py-1.5 focus-within:outline-2 focus-within:outline-accent-600 dark:border-zinc-700 dark:bg-zinc-900">
        {value.map((tag) => (
          <span
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
          >
            {tag}
            {disabled ? null : (
              <button
                type="button"
                aria-label={t('tags.remove', { tag })}
                className="text-zinc-500 hover:text-zinc-900 dark:hover:text-white"
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            )}
          </span>
        ))}
        {disabled ? null : (
          <input
            id={id}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={commit}
            placeholder={value.length ? '' : t('tags.placeholder')}
            className="min-w-24 flex-1 bg-transparent text-sm outline-none placeholder:text-zinc-400"
          />
        )}
      </div>
    </div>
  );
}
