import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { offsetLabel, timeZones, zoneName } from '#common/time-zone.ts';

/** A zone as the time-zone picker offers it. */
export interface ZoneOption {
  zone: string;
  /** 'America/New York' */
  name: string;
  /** 'UTC−05:00' now (summer time counts). */
  offset: string;
  /** 'Eastern Time' / 'Nordamerikanische Ostküstenzeit', when `Intl` knows one. */
  generic: string | null;
  /** What a search matches: the name, the generic name and the offset, folded. */
  haystack: string;
}

/** Lower case, no accents, underscores and slashes as spaces, "−" as "-": "Zürich" finds "Zurich". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replaceAll('−', '-')
    .replace(/[_/]+/g, ' ');
}

const cache = new Map<string, ZoneOption[]>();

/** Every zone, alphabetically, with its offset at `now` and its generic name in the language (made once per language and hour). */
export function zoneOptions(locale: Locale, now = Date.now()): ZoneOption[] {
  const key = `${locale}:${Math.floor(now / 3_600_000)}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const options = timeZones().map((zone): ZoneOption => {
    const offset = offsetLabel(zone, now);
    let generic: string | null = null;
    try {
      generic =
        new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: zone, timeZoneName: 'longGeneric' })
          .formatToParts(now)
          .find((part) => part.type === 'timeZoneName')?.value ?? null;
    } catch {
      generic = null;
    }
    // "GMT+01:00" is no name: the offset says it already.
    if (generic && /^(GMT|UTC)([+−-]|$)/.test(generic)) generic = null;
    const name = zoneName(zone);
    return { zone, name, offset, generic, haystack: fold(`${name} ${generic ?? ''} ${offset} ${offset.replace(/:00$/, '').replace(/([+−])0/, '$1')}`) };
  });
  cache.clear();
  cache.set(key, options);
  return options;
}

/** The options whose name, generic name or offset contain every word of `query`. */
export function matchZones(options: readonly ZoneOption[], query: string): readonly ZoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => words.every((word) => option.haystack.includes(word)));
}
