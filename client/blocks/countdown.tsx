import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import type { CountdownProps } from '#common/schemas/blocks.ts';
import { BlockHeading, Buttons, HEADING_FONT, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

const UNITS = [
  { key: 'd', label: 'content.countdown.days', ms: 86_400_000 },
  { key: 'h', label: 'content.countdown.hours', ms: 3_600_000 },
  { key: 'm', label: 'content.countdown.minutes', ms: 60_000 },
] as const;

/** Days, hours and minutes left at `now` (rounded down; all zero once it has ended). */
export function remaining(endsAt: string, now: number): { d: number; h: number; m: number; ended: boolean } {
  let left = Math.max(0, Date.parse(endsAt) - now);
  const ended = left === 0;
  const d = Math.floor(left / 86_400_000);
  left -= d * 86_400_000;
  const h = Math.floor(left / 3_600_000);
  left -= h * 3_600_000;
  return { d, h, m: Math.floor(left / 60_000), ended };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Made on first use per language: nothing to build while the worker starts. */
function formatDate(ms: number, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })));
  return format.format(ms);
}

/**
 * A countdown to `endsAt`, rendered on the server at `ctx.now`. The page's script keeps it
 * ticking: it reads `[data-countdown]` (the ISO end), writes the numbers into
 * `[data-countdown-unit="d|h|m"]` (hours and minutes two digits) and, once it has ended,
 * hides `[data-countdown-clock]` and shows `[data-countdown-expired]`.
 */
export function CountdownBlock({ id, props, ctx }: { id: string; props: CountdownProps; ctx: BlockContext }) {
  const headingId = `${id}-title`;
  const t = useT();
  const i18n = useI18n();
  const left = remaining(props.endsAt, ctx.now);
  const endsOn = formatDate(Date.parse(props.endsAt), INTL_LOCALES[i18n.locale as Locale] ?? i18n.locale);
  // The date goes inside <time>: the message is cut where its {date} stands, whatever the language's word order.
  const [before, after] = t('content.countdown.ends', { date: '\u0000' }).split('\u0000');
  return (
    <Section id={id} tone="surface" labelledBy={props.heading ? headingId : undefined}>
      <div className="mx-auto max-w-3xl text-center" data-countdown={props.endsAt}>
        {props.heading && <BlockHeading id={headingId}>{props.heading}</BlockHeading>}
        <div data-countdown-clock="" hidden={left.ended} className="mt-8">
          <ol className="flex justify-center gap-3 sm:gap-5">
            {UNITS.map((unit) => (
              <li key={unit.key} className="flex w-24 flex-col items-center rounded-(--fp-radius-card) bg-(--fp-card) px-2 py-4 shadow-sm sm:w-28">
                <span data-countdown-unit={unit.key} className={`${HEADING_FONT} text-4xl font-bold tabular-nums sm:text-5xl`}>
                  {unit.key === 'd' ? left[unit.key] : String(left[unit.key]).padStart(2, '0')}
                </span>
                <span className="mt-1 text-sm font-medium text-(--fp-fg-muted)">{t(unit.label)}</span>
              </li>
            ))}
          </ol>
          <p className="mt-5 text-sm text-(--fp-fg-muted)">
            {before}
            <time dateTime={props.endsAt}>{endsOn}</time>
            {after}
          </p>
        </div>
        <p data-countdown-expired="" hidden={!left.ended} className="mt-6 text-xl font-semibold">
          {props.expiredText || t('content.countdown.ended')}
        </p>
        {props.button && <Buttons primary={props.button} secondary={null} className="mt-8 justify-center" />}
      </div>
    </Section>
  );
}
