import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '#client/components/button.tsx';
import { IconPreview } from '#client/features/creatives/icon-preview.tsx';
import { iconLabel, loadIconSet, searchIcons, type IconEntry } from '#client/features/creatives/icon-search.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** Icons per row of the grid (↑/↓ move by a row). */
export const COLUMNS = 6;
/** The most icons shown at once: typing narrows the rest. */
export const SHOWN = 60;

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; icons: IconEntry[] };

/**
 * The searchable icon grid of the Elements picker. Type to search (Enter adds the first
 * match), ↓ moves into the grid; there ←/→/↑/↓, Home and End move, Enter or Space adds the
 * icon, ↑ from the first row goes back to the search, and typing a letter searches on.
 */
export function IconGrid({ onPick }: { onPick: (icon: IconEntry) => void }) {
  const t = useT();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let live = true;
    loadIconSet().then(
      (icons) => live && setLoaded({ state: 'ready', icons }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const matches = loaded.state === 'ready' ? searchIcons(loaded.icons, query) : [];
  const shown = matches.slice(0, SHOWN);

  const focusCell = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-icon]')[next]?.focus();
  };

  const search = (value: string) => {
    setQuery(value);
    setActive(0);
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      event.stopPropagation();
      focusCell(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      if (shown[0]) onPick(shown[0]);
    }
  };

  const onCellKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index + COLUMNS,
      ArrowUp: index - COLUMNS,
      Home: 0,
      End: shown.length - 1,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      if (to < 0 && event.key === 'ArrowUp') inputRef.current?.focus();
      else focusCell(to);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      // The button's own click adds it; the editor's keys stay out.
      event.stopPropagation();
      return;
    }
    if (event.key === 'Backspace' || (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey)) {
      // Typing in the grid searches on.
      event.preventDefault();
      event.stopPropagation();
      search(event.key === 'Backspace' ? query.slice(0, -1) : query + event.key);
      inputRef.current?.focus();
    }
  };

  return (
    <div>
      <label htmlFor={`${id}-search`} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {t('creativeEditor.elements.search')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
        <input
          ref={inputRef}
          id={`${id}-search`}
          type="search"
          value={query}
          maxLength={60}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          placeholder={t('creativeEditor.elements.searchPlaceholder')}
          onChange={(event) => search(event.currentTarget.value)}
          onKeyDown={onInputKey}
          className="block h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white pr-3 pl-9 text-base shadow-sm focus:outline-2 focus:outline-accent-600 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
        {t('creativeEditor.elements.searchHint')}
      </p>
      {loaded.state === 'loading' ? (
        <p role="status" className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">
          {t('creativeEditor.elements.loading')}
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span>{t('creativeEditor.elements.failed')}</span>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('creativeEditor.elements.retry')}
          </Button>
        </div>
      ) : null}
      {loaded.state === 'ready' && shown.length === 0 ? (
        <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span>{t('creativeEditor.elements.noMatch', { query: query.trim() })}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              search('');
              inputRef.current?.focus();
            }}
          >
            {t('creativeEditor.elements.clear')}
          </Button>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ul ref={listRef} aria-label={t('creativeEditor.elements.icons')} className="mt-3 grid max-h-72 grid-cols-6 gap-1 overflow-y-auto p-0.5">
          {shown.map((icon, index) => (
            <li key={icon.name}>
              <button
                type="button"
                data-icon={icon.name}
                tabIndex={index === Math.min(active, shown.length - 1) ? 0 : -1}
                aria-label={iconLabel(icon.name)}
                title={iconLabel(icon.name)}
                onClick={() => onPick(icon)}
                onFocus={() => setActive(index)}
                onKeyDown={(event) => onCellKey(event, index)}
                className="grid aspect-square w-full place-items-center rounded-md border border-transparent text-zinc-800 hover:border-zinc-300 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
              >
                <IconPreview icon={icon} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
        {loaded.state === 'ready'
          ? matches.length > SHOWN
            ? t('creativeEditor.elements.more', { shown: SHOWN, count: matches.length })
            : t('creativeEditor.elements.count', { count: matches.length })
          : ''}
      </p>
    </div>
  );
}
