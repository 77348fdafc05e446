import type { MockupAd } from '#common/ads.ts';
import type { AdPin } from '#common/schemas/ad-pins.ts';
import { buttonClass } from '#client/components/button.tsx';
import { CaptionMarks } from '#client/components/caption-marks.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { PIN_SCRIPT } from '#client/public/pins-script.ts';

/**
 * The comments pinned on the preview's pictures and caption (issue 32 point 1, decision 0052):
 * numbered dots over the pictures, the pinned phrases marked in the caption, and the list with
 * each thread, a reply form and a resolve (or reopen) button — all plain forms that work without
 * JavaScript. Placing a new pin needs the page's one small script (pins-script.ts): it fills the
 * hidden spot fields of the pin form from a click on a picture or a selection of the caption.
 */
export interface PreviewPinsProps {
  previewId: string;
  revision: number;
  pins: AdPin[];
  pictures: MockupAd['items'];
  caption: string;
  /** A signed-in member writes as themselves; a visitor gives a name. */
  member: boolean;
  /** Why the last pin, reply, resolve or reopen was refused. */
  error?: string | undefined;
  /** The response's CSP nonce, for the script (once per page: give it to one section only). */
  nonce?: string | undefined;
  /** Where the forms post (`{base}/pins`, `{base}/pins/{pinId}/…`): the preview link's by default; a page of its own routes gives its own. */
  base?: string | undefined;
  /** The prefix of the anchors (`{anchor}-{number}`, the section `{anchor}s`): unique per ad when a page shows several. */
  anchor?: string | undefined;
  /** The name the visitor gave this page before (its forms start with it). */
  name?: string | undefined;
  /** The section's heading level: below a page's per-ad headings it is one lower. */
  heading?: 'h2' | 'h3' | undefined;
  /** The section's top margin (a card's is smaller than a page's). */
  spacing?: string | undefined;
}

const field =
  'mt-1 block w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-sm focus:border-accent-600 focus:outline-2 focus:outline-accent-600 sm:text-sm';

/** Open pins are the accent, those made on an earlier version amber, resolved ones grey. */
function dotColor(pin: AdPin): string {
  if (pin.resolvedAt) return 'bg-zinc-400';
  return pin.earlier ? 'bg-amber-600' : 'bg-accent-600';
}

/** The same colours as SVG fills (the dots over the pictures). */
function dotFill(pin: AdPin): string {
  if (pin.resolvedAt) return 'fill-zinc-400';
  return pin.earlier ? 'fill-amber-600' : 'fill-accent-600';
}

/** The honeypot every form of the page carries: people leave it empty. */
function Honeypot() {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t('preview.form.honeypot')}
        <input name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

function NameField({ member, name }: { member: boolean; name?: string | undefined }) {
  const t = useT();
  if (member) return null;
  return (
    <label className="block text-sm font-medium text-zinc-800">
      {t('preview.form.name')}
      <input name="name" required maxLength={80} autoComplete="name" defaultValue={name} className={field} />
    </label>
  );
}

function PinItem({ pin, base: pageBase, anchor, member, name }: { pin: AdPin; base: string; anchor: string; member: boolean; name?: string | undefined }) {
  const t = useT();
  const base = `${pageBase}/pins/${pin.id}`;
  return (
    <li id={`${anchor}-${pin.number}`} className="scroll-mt-4 rounded-lg border border-zinc-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white ${dotColor(pin)}`}>{pin.number}</span>
        <span className="font-semibold break-all text-zinc-900">{pin.authorName}</span>
        {pin.member ? <span className="text-xs text-zinc-500">{t('preview.reviews.team')}</span> : null}
        {pin.earlier ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
            {t('preview.pins.earlier', { revision: pin.revision })}
          </span>
        ) : null}
        {pin.resolvedAt ? (
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 ring-1 ring-zinc-200 ring-inset">
            {t('preview.pins.resolvedBy', { name: pin.resolvedBy ?? '' })}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-zinc-500">
        {pin.item !== null ? t('preview.pins.picture', { position: pin.item + 1 }) : `${t('preview.pins.caption')}: “${pin.quote ?? ''}”`}
        {pin.item === null && pin.start === null ? ` · ${t('preview.pins.gone')}` : null}
      </p>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-zinc-800">{pin.body}</p>
      {pin.replies.length ? (
        <ol className="mt-2 space-y-2 border-l-2 border-zinc-100 pl-3">
          {pin.replies.map((reply) => (
            <li key={reply.id} className="text-sm">
              <span className="font-semibold break-all text-zinc-900">{reply.authorName}</span>
              {reply.member ? <span className="ml-1 text-xs text-zinc-500">{t('preview.reviews.team')}</span> : null}
              <p className="break-words whitespace-pre-line text-zinc-800">{reply.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <details className="min-w-0 flex-1">
          <summary className="cursor-pointer text-sm font-medium text-accent-700">{t('preview.pins.reply')}</summary>
          <form method="post" action={`${base}/replies`} className="mt-2 space-y-2">
            <NameField member={member} name={name} />
            <label className="block text-sm font-medium text-zinc-800">
              {t('preview.pins.comment')}
              <textarea name="body" required rows={2} maxLength={2000} className={field} />
            </label>
            <Honeypot />
            <button type="submit" className={buttonClass('secondary', 'md')}>
              {t('preview.pins.replyButton')}
            </button>
          </form>
        </details>
        <form method="post" action={`${base}/${pin.resolvedAt ? 'reopen' : 'resolve'}`}>
          <button type="submit" className={buttonClass('ghost', 'md')}>
            {t(pin.resolvedAt ? 'preview.pins.reopen' : 'preview.pins.resolve')}
          </button>
        </form>
      </div>
    </li>
  );
}

/** The form of a new pin: hidden until the script has a spot for it (without JavaScript it never shows). */
function NewPinForm({ base, revision, member, name }: Pick<PreviewPinsProps, 'revision' | 'member' | 'name'> & { base: string }) {
  const t = useT();
  return (
    <form
      data-pin-form
      method="post"
      action={`${base}/pins`}
      hidden
      className="space-y-3 rounded-xl border border-accent-200 bg-white p-4"
      data-on-picture={t('preview.pins.newOnPicture', { position: '@@' })}
      data-on-phrase={t('preview.pins.newOnPhrase', { phrase: '@@' })}
    >
      <h3 className="text-base font-semibold text-zinc-900">{t('preview.pins.newTitle')}</h3>
      <p data-pin-where className="text-sm break-words text-zinc-600" />
      {(['item', 'x', 'y', 'start', 'end'] as const).map((name) => (
        <input key={name} type="hidden" name={name} />
      ))}
      <input type="hidden" name="revision" value={String(revision)} />
      <NameField member={member} name={name} />
      <label className="block text-sm font-medium text-zinc-800">
        {t('preview.pins.comment')}
        <textarea name="body" required rows={3} maxLength={2000} className={field} />
      </label>
      <Honeypot />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary', 'md')}>
          {t('preview.pins.submit')}
        </button>
        <button type="button" data-pin-cancel className={buttonClass('ghost', 'md')}>
          {t('preview.pins.cancel')}
        </button>
      </div>
    </form>
  );
}

export function PreviewPins({
  previewId,
  revision,
  pins,
  pictures,
  caption,
  member,
  error,
  nonce,
  base = `/preview/${previewId}`,
  anchor = 'pin',
  name,
  heading: Heading = 'h2',
  spacing = 'mt-12',
}: PreviewPinsProps) {
  const t = useT();
  return (
    <section id={`${anchor}s`} data-pins aria-labelledby={`${anchor}s-title`} className={`${spacing} scroll-mt-4`}>
      <Heading id={`${anchor}s-title`} className={Heading === 'h2' ? 'text-xl font-semibold text-zinc-900' : 'text-base font-semibold text-zinc-900'}>
        {t('preview.pins.title')}
      </Heading>
      <p data-pin-js hidden className="mt-1 text-sm text-zinc-600">
        {t('preview.pins.hint')}
      </p>
      <p data-pin-nojs className="mt-1 text-sm text-zinc-600">
        {t('preview.pins.noScript')}
      </p>
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          {error}
        </p>
      ) : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="mx-auto w-full max-w-md min-w-0 space-y-4">
          {pictures.map((picture, item) => (
            <figure key={picture.url} data-pin-item={item} className="relative cursor-crosshair overflow-hidden rounded-lg bg-zinc-100">
              <img
                src={picture.url}
                width={picture.width}
                height={picture.height}
                alt={picture.alt}
                draggable={false}
                className="block h-auto w-full select-none"
              />
              {/* The dots in an SVG of the picture's size: attributes, not inline styles (the page's CSP allows none). */}
              <svg viewBox={`0 0 ${picture.width} ${picture.height}`} className="pointer-events-none absolute inset-0 h-full w-full">
                {pins
                  .filter((pin) => pin.item === item && pin.x !== null && pin.y !== null)
                  .map((pin) => {
                    const r = picture.width * 0.04;
                    const [cx, cy] = [(pin.x ?? 0) * picture.width, (pin.y ?? 0) * picture.height];
                    return (
                      <a
                        key={pin.id}
                        href={`#${anchor}-${pin.number}`}
                        aria-label={t('preview.pins.pinLabel', { number: pin.number })}
                        className="pointer-events-auto"
                      >
                        <circle cx={cx} cy={cy} r={r} strokeWidth={r * 0.18} className={`stroke-white ${dotFill(pin)}`} />
                        <text x={cx} y={cy} fontSize={r} textAnchor="middle" dominantBaseline="central" className="fill-white font-semibold">
                          {pin.number}
                        </text>
                      </a>
                    );
                  })}
              </svg>
            </figure>
          ))}
          {caption ? (
            <div className="rounded-lg border border-zinc-200 bg-white p-3">
              <p className="text-xs font-medium text-zinc-500">{t('preview.pins.caption')}</p>
              <p data-pin-caption className="mt-1 text-sm break-words whitespace-pre-line text-zinc-800">
                <CaptionMarks caption={caption} pins={pins} />
              </p>
            </div>
          ) : null}
        </div>
        <div className="min-w-0 space-y-3">
          <NewPinForm base={base} revision={revision} member={member} name={name} />
          {pins.length === 0 ? (
            <p className="text-sm text-zinc-600">{t('preview.pins.empty')}</p>
          ) : (
            <ol className="space-y-3">
              {pins.map((pin) => (
                <PinItem key={pin.id} pin={pin} base={base} anchor={anchor} member={member} name={name} />
              ))}
            </ol>
          )}
        </div>
      </div>
      {nonce ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PIN_SCRIPT }} /> : null}
    </section>
  );
}
