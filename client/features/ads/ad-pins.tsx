import { useId, useRef, useState, type MouseEvent } from 'react';
import { pinCreateInput, type AdPin, type AdPins, type PinCreateInput } from '#common/schemas/ad-pins.ts';
import type { AdDetail } from '#common/schemas/ads.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { CaptionMarks } from '#client/components/caption-marks.tsx';
import { TextAreaField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { errorMessage, referenceOf } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { adsApi } from '#client/features/ads/api.ts';

/**
 * The comments pinned on an ad in the workspace (issue 32 point 1, decision 0052): numbered dots
 * over its pictures and marks in its caption, the list with each thread; a click on a picture
 * (Enter on it: its middle) or a selection of the caption places a new pin, every pin takes
 * replies and is resolved or reopened. The preview page shows the same pins
 * (client/public/pages/ad-pins.tsx) for the link's reviewer.
 */

type Spot = Pick<PinCreateInput, 'item' | 'x' | 'y' | 'start' | 'end'>;
type Failure = { message: string; requestId?: string | undefined } | null;

const round = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1e4) / 1e4));

/** Open pins are the accent, those made on an earlier version amber, resolved ones grey. */
function dotColor(pin: AdPin): string {
  if (pin.resolvedAt) return 'bg-zinc-400';
  return pin.earlier ? 'bg-amber-600' : 'bg-accent-600';
}

/** Where a selection is in `root`'s text (its marks' numbers are CSS, not text): offsets in the caption. */
function selectionIn(root: HTMLElement): { start: number; end: number } | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const at = (node: Node, offset: number) => {
    const before = document.createRange();
    before.selectNodeContents(root);
    before.setEnd(node, offset);
    return before.toString().length;
  };
  const start = at(range.startContainer, range.startOffset);
  const end = at(range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

function PinThread({ ad, pin, canWrite, onChanged }: { ad: AdDetail; pin: AdPin; canWrite: boolean; onChanged: (pin: AdPin) => void }) {
  const t = useT();
  const ids = useId();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Failure>(null);
  const act = async (work: () => Promise<AdPin>) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onChanged(await work());
    } catch (e) {
      setError({ message: errorMessage(e, t('ads.pins.loadFailed')), requestId: referenceOf(e) });
    } finally {
      setPending(false);
    }
  };
  return (
    <li id={`${ids}-pin`} className="min-w-0 rounded-[var(--radius-card)] border border-zinc-200 p-3 text-sm dark:border-zinc-800">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold text-white ${dotColor(pin)}`}>{pin.number}</span>
        <span className="font-medium break-all">{pin.authorName}</span>
        {pin.member ? null : <span className="text-zinc-500">{t('ads.reviews.viaLink')}</span>}
        {pin.earlier ? <span className="text-amber-800 dark:text-amber-200">{t('ads.pins.earlier', { revision: pin.revision })}</span> : null}
        {pin.resolvedAt ? <span className="text-zinc-500">{t('ads.pins.resolvedBy', { name: pin.resolvedBy ?? '' })}</span> : null}
      </p>
      <p className="mt-1 text-xs text-zinc-500">
        {pin.item !== null ? t('ads.pins.picture', { position: pin.item + 1 }) : `${t('ads.pins.caption')}: “${pin.quote ?? ''}”`}
        {pin.item === null && pin.start === null ? ` · ${t('ads.pins.gone')}` : null}
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-zinc-800 dark:text-zinc-200">{pin.body}</p>
      {pin.replies.length ? (
        <ol className="mt-2 space-y-1.5 border-l-2 border-zinc-100 pl-3 dark:border-zinc-800">
          {pin.replies.map((r) => (
            <li key={r.id}>
              <span className="font-medium break-all">{r.authorName}</span>
              <p className="break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <FormError error={error} />
      {canWrite ? (
        <div className="mt-2 space-y-2">
          {replying ? (
            <form
              noValidate
              className="space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (!reply.trim()) return;
                void act(async () => {
                  const written = await adsApi.replyToPin(ad.id, pin.id, reply);
                  setReply('');
                  setReplying(false);
                  return { ...pin, replies: [...pin.replies, written] };
                });
              }}
            >
              <TextAreaField
                label={t('ads.pins.comment')}
                rows={2}
                value={reply}
                className="[&_textarea]:min-h-16"
                onChange={(e) => setReply(e.currentTarget.value)}
              />
              <Button type="submit" size="sm" pending={pending}>
                {t('ads.pins.replyButton')}
              </Button>
            </form>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {replying ? null : (
              <Button size="sm" variant="secondary" onClick={() => setReplying(true)}>
                {t('ads.pins.reply')}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              pending={pending}
              onClick={() =>
                void act(async () => {
                  await adsApi.resolvePin(ad.id, pin.id, !pin.resolvedAt);
                  // The resolver's name as the server keeps it comes with the next load; until then "you" is the list's.
                  return (await adsApi.pins(ad.id)).items.find((p) => p.id === pin.id) ?? pin;
                })
              }
            >
              {t(pin.resolvedAt ? 'ads.pins.reopen' : 'ads.pins.resolve')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The pinned comments of `ad`; `canWrite` false (an archived project) shows them only. */
export function PinsSection({ ad, canWrite }: { ad: AdDetail; canWrite: boolean }) {
  const t = useT();
  const ids = useId();
  const pins = useResource<AdPins>(() => adsApi.pins(ad.id), [ad.id, ad.revision]);
  const captionRef = useRef<HTMLParagraphElement>(null);
  const [spot, setSpot] = useState<Spot | null>(null);
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string>();
  const [error, setError] = useState<Failure>(null);
  const [pending, setPending] = useState(false);
  const pictures = ad.items.filter((item) => !item.deleted);
  const list = pins.status === 'ready' ? pins.data.items : [];

  const place = (item: number, event: MouseEvent<HTMLButtonElement>) => {
    if (!canWrite) return;
    const box = event.currentTarget.getBoundingClientRect();
    // A keyboard's click has no pointer (detail 0): the picture's middle.
    const keyboard = event.detail === 0 || box.width === 0 || box.height === 0;
    setSpot({ item, x: keyboard ? 0.5 : round((event.clientX - box.left) / box.width), y: keyboard ? 0.5 : round((event.clientY - box.top) / box.height) });
  };
  const selectPhrase = () => {
    if (!canWrite || !captionRef.current) return;
    const range = selectionIn(captionRef.current);
    if (range && ad.primaryText.slice(range.start, range.end).trim()) setSpot(range);
  };
  const setPin = (pin: AdPin) => {
    if (pins.status === 'ready') pins.setData({ ...pins.data, items: pins.data.items.map((p) => (p.id === pin.id ? pin : p)) });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending || !spot) return;
    const parsed = pinCreateInput.safeParse({ ...spot, body, revision: ad.revision });
    if (!parsed.success) {
      setBodyError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const pin = await adsApi.pin(ad.id, parsed.data);
      if (pins.status === 'ready') pins.setData({ ...pins.data, items: [...pins.data.items, pin] });
      setSpot(null);
      setBody('');
    } catch (e) {
      setError({ message: errorMessage(e, t('ads.pins.loadFailed')), requestId: referenceOf(e) });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="space-y-3 rounded-[var(--radius-card)] border border-zinc-200 p-4 dark:border-zinc-800" aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t('ads.pins.title')}
      </h3>
      {canWrite ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.pins.hint')}</p> : null}
      {pictures.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.pins.noPictures')}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-3">
          {pictures.map((picture, item) => (
            <div key={picture.creationId + String(item)} className="relative overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
              <button
                type="button"
                className="block w-full cursor-crosshair disabled:cursor-default"
                aria-label={t('ads.pins.placeOn', { position: item + 1 })}
                disabled={!canWrite}
                onClick={(e) => place(item, e)}
              >
                <img src={picture.url} width={picture.width} height={picture.height} alt="" draggable={false} className="block h-auto w-full select-none" />
              </button>
              {list
                .filter((pin) => pin.item === item && pin.x !== null && pin.y !== null)
                .map((pin) => (
                  <span
                    key={pin.id}
                    aria-hidden="true"
                    className={`pointer-events-none absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-xs font-semibold text-white shadow ring-2 ring-white ${dotColor(pin)}`}
                    style={{ left: `${(pin.x ?? 0) * 100}%`, top: `${(pin.y ?? 0) * 100}%` }}
                  >
                    {pin.number}
                  </span>
                ))}
              {spot?.item === item ? (
                <span
                  data-testid="new-pin"
                  className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full bg-accent-600 ring-4 ring-accent-200"
                  style={{ left: `${(spot.x ?? 0) * 100}%`, top: `${(spot.y ?? 0) * 100}%` }}
                />
              ) : null}
            </div>
          ))}
          {ad.primaryText ? (
            <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <p className="text-xs font-medium text-zinc-500">{t('ads.pins.caption')}</p>
              {/* A selection (pointer or keyboard) anchors a pin; the pictures' buttons are the other way in. */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- reads the text selection, no action of its own */}
              <p
                ref={captionRef}
                data-testid="pin-caption"
                className="mt-1 text-sm break-words whitespace-pre-line"
                onMouseUp={selectPhrase}
                onKeyUp={selectPhrase}
              >
                <CaptionMarks caption={ad.primaryText} pins={list} />
              </p>
            </div>
          ) : null}
        </div>
        <div className="min-w-0 space-y-3">
          {spot ? (
            <form
              noValidate
              onSubmit={(e) => void submit(e)}
              className="space-y-2 rounded-[var(--radius-card)] border border-accent-200 p-3"
              aria-label={t('ads.pins.newTitle')}
            >
              <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">
                {spot.item !== undefined
                  ? t('ads.pins.newOnPicture', { position: spot.item + 1 })
                  : t('ads.pins.newOnPhrase', { phrase: ad.primaryText.slice(spot.start, spot.end) })}
              </p>
              <FormError error={error} />
              <TextAreaField
                label={t('ads.pins.comment')}
                rows={3}
                value={body}
                error={bodyError}
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the form appears because the user just chose a spot for it
                autoFocus
                className="[&_textarea]:min-h-20"
                onChange={(e) => {
                  setBody(e.currentTarget.value);
                  if (bodyError) setBodyError(undefined);
                }}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" pending={pending}>
                  {t('ads.pins.submit')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setSpot(null)}>
                  {t('ads.pins.cancel')}
                </Button>
              </div>
            </form>
          ) : null}
          {pins.status === 'loading' ? <SkeletonLines lines={2} label={t('ads.pins.loading')} /> : null}
          {pins.status === 'error' ? <LoadFailed title={t('ads.pins.loadFailed')} onRetry={pins.reload} /> : null}
          {pins.status === 'ready' && list.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.pins.empty')}</p> : null}
          {list.length ? (
            <ol className="space-y-2" aria-label={t('ads.pins.title')}>
              {list.map((pin) => (
                <PinThread key={pin.id} ad={ad} pin={pin} canWrite={canWrite} onChanged={setPin} />
              ))}
            </ol>
          ) : null}
        </div>
      </div>
    </section>
  );
}
