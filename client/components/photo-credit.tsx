import type { PhotoAttribution } from '#common/schemas/photos.ts';
import { useT } from '#client/lib/i18n-context.tsx';

// eslint-disable-next-line lingui/no-unlocalized-strings -- the providers' names, the same in every language
const PROVIDER_NAMES = { unsplash: 'Unsplash', pexels: 'Pexels' } as const;
/** The providers' home pages, with Unsplash's referral parameters (its API guidelines). */
const PROVIDER_HOMES = { unsplash: 'https://unsplash.com/?utm_source=adloom&utm_medium=referral', pexels: 'https://www.pexels.com' } as const;

const LINK =
  'underline decoration-zinc-400 underline-offset-2 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-600 dark:hover:text-white';

/** A marker the message's placeholders are filled with, so the sentence (in either language) can hold links. */
const MARK = '\u0001';

/**
 * A photo's credit as its provider's terms ask: "Photo by {photographer} on Unsplash" (or Pexels),
 * both linked; the bundled set's "CC0 · made for Adloom". Shown in the photo picker, the media
 * library and a picture's detail.
 */
export function PhotoCredit({
  attribution,
  className = '',
  plain = false,
}: {
  attribution: PhotoAttribution;
  className?: string;
  /** Text only, for a place that is itself a link (a library tile): the links are on the picture's page. */
  plain?: boolean;
}) {
  const t = useT();
  if (plain) {
    const text =
      attribution.provider === 'bundled'
        ? t('photoCredit.bundled')
        : t('photoCredit.by', { author: attribution.author, provider: PROVIDER_NAMES[attribution.provider] });
    return <span className={className}>{text}</span>;
  }
  if (attribution.provider === 'bundled') {
    return (
      <span className={className}>
        {attribution.sourceUrl ? (
          <a href={attribution.sourceUrl} target="_blank" rel="noreferrer" className={LINK}>
            {t('photoCredit.bundled')}
          </a>
        ) : (
          t('photoCredit.bundled')
        )}
      </span>
    );
  }
  const provider = attribution.provider;
  const author = attribution.authorUrl ? (
    <a href={attribution.authorUrl} target="_blank" rel="noreferrer" className={LINK}>
      {attribution.author}
    </a>
  ) : (
    attribution.author
  );
  const home = (
    <a href={attribution.sourceUrl ?? PROVIDER_HOMES[provider]} target="_blank" rel="noreferrer" className={LINK}>
      {PROVIDER_NAMES[provider]}
    </a>
  );
  const parts = t('photoCredit.by', { author: `${MARK}a${MARK}`, provider: `${MARK}p${MARK}` }).split(MARK);
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <span key={i}>{i % 2 === 1 ? (part === 'a' ? author : home) : part}</span>
      ))}
    </span>
  );
}
