import type { CountdownProps } from '#common/schemas/blocks.ts';
import { BlockHeading, Buttons, HEADING_FONT, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

const UNITS = [
  { key: 'd', label: 'Days', ms: 86_400_000 },
  { key: 'h', label: 'Hours', ms: 3_600_000 },
  { key: 'm', label: 'Minutes', ms: 60_000 },
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

let dateFormat: Intl.DateTimeFormat | undefined;
/** Made on first use: nothing to build while the worker starts. */
const formatDate = (ms: number) => (dateFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })).format(ms);

/**
 * A countdown to `endsAt`, rendered on the server at `ctx.now`. The page's script keeps it
 * ticking: it reads `[data-countdown]` (the ISO end), writes the numbers into
 * `[data-countdown-unit="d|h|m"]` (hours and minutes two digits) and, once it has ended,
 * hides `[data-countdown-clock]` and shows `[data-countdown-expired]`.
 */
export function CountdownBlock({ id, props, ctx }: { id: string; props: CountdownProps; ctx: BlockContext }) {
  const headingId = `${id}-title`;
  const left = remaining(props.endsAt, ctx.now);
  const endsOn = formatDate(Date.parse(props.endsAt));
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
                <span className="mt-1 text-sm font-medium text-(--fp-fg-muted)">{unit.label}</span>
              </li>
            ))}
          </ol>
          <p className="mt-5 text-sm text-(--fp-fg-muted)">
            Ends <time dateTime={props.endsAt}>{endsOn} UTC</time>
          </p>
        </div>
        <p data-countdown-expired="" hidden={!left.ended} className="mt-6 text-xl font-semibold">
          {props.expiredText || 'This offer has ended.'}
        </p>
        {props.button && <Buttons primary={props.button} secondary={null} className="mt-8 justify-center" />}
      </div>
    </Section>
  );
}
