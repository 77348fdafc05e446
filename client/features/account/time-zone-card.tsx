import { Check } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Locale } from '#common/i18n/locales.ts';
import { knownTimeZone, offsetLabel, systemTimeZone, zoneName } from '#common/time-zone.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { api, call } from '#client/lib/api.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { useSession, useUser } from '#client/lib/session.tsx';
import { matchZones, zoneOptions } from '#client/features/account/time-zone-options.ts';

const inputClass =
  'h-10 w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * The account's time zone (issue 28): the zone every date and time of the workspace and the
 * emails is written in, and the one a scheduled post's time is picked in. ≈ 420 zones, so a
 * combobox (ARIA 1.2): typing filters by city, region, the zone's name in the language or its
 * offset ("berlin", "Mitteleuropäische", "+5:30"); ↑ ↓ Home End PageUp PageDown move, Enter
 * picks and saves at once, Escape closes (a second Escape clears the search).
 */
export function TimeZoneCard() {
  const user = useUser();
  const { setUser } = useSession();
  const t = useT();
  const i18n = useI18n();
  const toast = useToast();
  const id = useId();
  const browserZone = knownTimeZone(systemTimeZone());
  const current = user.timeZone ?? null;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const locale = i18n.locale as Locale;
  // Built when first opened (≈ 420 formats), then kept for the hour.
  const options = useMemo(() => (open ? zoneOptions(locale) : []), [open, locale]);
  const matches = useMemo(() => matchZones(options, query), [options, query]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  async function choose(zone: string) {
    setOpen(false);
    setQuery('');
    if (zone === current) return;
    setPending(zone);
    setError(null);
    try {
      const saved = await call(api.api.me.$patch({ json: { timeZone: zone } }));
      setUser(saved);
      toast({ tone: 'success', message: i18n._('account.timeZone.saved', { zone: zoneName(zone) }) });
    } catch (failure) {
      setError(errorMessage(failure, i18n._('account.timeZone.failed')));
    } finally {
      setPending(null);
    }
  }

  const show = () => {
    if (open) return;
    setOpen(true);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      if (!open) {
        show();
        return;
      }
      setActive(Math.min(Math.max(0, last), Math.max(0, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'PageDown':
        return move(active + 8);
      case 'PageUp':
        return move(active - 8);
      case 'Home':
        if (open) move(0);
        return;
      case 'End':
        if (open) move(last);
        return;
      case 'Enter': {
        const option = open ? matches[active] : undefined;
        if (option) {
          event.preventDefault();
          void choose(option.zone);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open) setOpen(false);
        else setQuery('');
        return;
      default:
    }
  };

  const shown = pending ?? current;
  return (
    <Card title={t('account.timeZone.title')} description={t('account.timeZone.description')}>
      <div className="max-w-md space-y-3">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <p className="text-sm" id={`${id}-current`}>
          {shown
            ? t('account.timeZone.current', { zone: zoneName(shown), offset: offsetLabel(shown) })
            : t('account.timeZone.notSet', { zone: zoneName(browserZone ?? 'UTC') })}
        </p>
        <div
          className="relative"
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('account.timeZone.search')}
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
            placeholder={t('account.timeZone.placeholder')}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={`${id}-list`}
            aria-activedescendant={open && matches[active] ? `${id}-option-${active}` : undefined}
            aria-describedby={`${id}-current`}
            disabled={pending !== null}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={show}
            onClick={show}
            onKeyDown={onKeyDown}
          />
          <p className="sr-only" role="status">
            {open ? t('account.timeZone.results', { count: matches.length }) : ''}
          </p>
          {open ? (
            <ul
              ref={listRef}
              id={`${id}-list`}
              role="listbox"
              aria-label={t('account.timeZone.title')}
              className="absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-[var(--radius-control)] border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
            >
              {matches.length === 0 ? (
                <li className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400">{t('account.timeZone.noMatch', { query })}</li>
              ) : (
                matches.map((option, index) => (
                  // The keys are the combobox's (aria-activedescendant): an option takes clicks only.
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                  <li
                    key={option.zone}
                    id={`${id}-option-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className={`flex cursor-pointer items-start gap-2 px-3 py-1.5 text-sm ${index === active ? 'bg-accent-50 dark:bg-zinc-800' : ''}`}
                    onPointerEnter={() => setActive(index)}
                    // Keep the focus in the input (a click would blur it and close the list first).
                    onPointerDown={(event) => event.preventDefault()}
                    onClick={() => void choose(option.zone)}
                  >
                    <Check className={`mt-0.5 size-4 shrink-0 ${option.zone === current ? 'text-accent-600' : 'invisible'}`} aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block break-words">{option.name}</span>
                      {option.generic ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{option.generic}</span> : null}
                    </span>
                    <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{option.offset}</span>
                  </li>
                ))
              )}
            </ul>
          ) : null}
        </div>
        {browserZone && browserZone !== current ? (
          <Button size="sm" variant="secondary" disabled={pending !== null} onClick={() => void choose(browserZone)}>
            {t('account.timeZone.useBrowser', { zone: zoneName(browserZone) })}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
