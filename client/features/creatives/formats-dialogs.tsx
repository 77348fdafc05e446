import { Check, Download, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FORMAT_IDS, FORMATS, type FormatId } from '#common/creative/document.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { LinkedFormat, RenderAllResult } from '#common/schemas/formats.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { useToast } from '#client/components/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { whenSubmitted } from '#client/lib/when-submitted.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { creativesApi } from '#client/features/creatives/api.ts';
import { FormatShape } from '#client/features/creatives/format-shape.tsx';
import { RenderProgress, SpendError, useWaitProgress } from '#client/features/creatives/render-progress.tsx';

/** The formats bar's dialogs (formats-bar.tsx), loaded when one opens. */

/** "Resize": the formats the group lacks, all picked at first; linked drafts are made for the picked ones (free). */
export function ResizeDialog({
  open,
  creativeId,
  items,
  onClose,
  onResized,
}: {
  open: boolean;
  creativeId: string;
  items: readonly LinkedFormat[];
  onClose: () => void;
  onResized: (made: number) => void;
}) {
  const toast = useToast();
  const t = useT();
  const have = new Set(items.map((i) => i.format));
  const own = items.find((i) => i.id === creativeId)?.format;
  const options = FORMAT_IDS.filter((f) => !have.has(f));
  const [picked, setPicked] = useState<FormatId[] | null>(null);
  const chosen = picked ?? options;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPicked(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (chosen.length === 0) {
      setError(t('creativeEditor.resize.pickOne'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await creativesApi.resize(creativeId, chosen);
      const made = result.items.length;
      toast({
        tone: 'success',
        message:
          made > 0
            ? t('creativeEditor.resize.made', {
                count: made,
                formats: result.items.map((i) => t('creativeEditor.format.inText', { format: i.format })).join(', '),
              })
            : t('creativeEditor.resize.linkedAlready'),
      });
      setPicked(null);
      onResized(made);
    } catch (e) {
      setError(errorMessage(e, t('creativeEditor.resize.failed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} title={t('creativeEditor.resize.title')} onClose={close}>
      <form className="space-y-4" onSubmit={whenSubmitted(submit)}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creativeEditor.resize.intro')}</p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('creativeEditor.formats.title')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {FORMAT_IDS.map((f) => {
              const linked = have.has(f);
              return (
                <label
                  key={f}
                  className={`flex items-center gap-3 rounded-lg border px-3 py-2 text-sm ${linked ? 'border-zinc-200 text-zinc-500 dark:border-zinc-800' : 'border-zinc-300 dark:border-zinc-700'}`}
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-accent-600"
                    checked={linked || chosen.includes(f)}
                    disabled={linked}
                    onChange={(event) =>
                      setPicked(event.target.checked ? FORMAT_IDS.filter((x) => x === f || chosen.includes(x)) : chosen.filter((x) => x !== f))
                    }
                  />
                  <FormatShape format={f} size={18} />
                  <span>
                    <span className="block font-medium">{t('creativeEditor.format.label', { format: f })}</span>
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {f === own
                        ? t('creativeEditor.resize.thisCreative')
                        : linked
                          ? t('creativeEditor.resize.linked')
                          : t('creativeEditor.resize.sizeHint', {
                              width: FORMATS[f].width,
                              height: FORMATS[f].height,
                              hint: t('creativeEditor.format.hint', { format: f }),
                            })}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            {t('creativeEditor.cancel')}
          </Button>
          <Button type="submit" pending={pending} pendingLabel={t('creativeEditor.resize.making')} disabled={chosen.length === 0}>
            {t('creativeEditor.resize.submit', { count: chosen.length })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Render all formats": the group's formats, all picked; the cost (new versions only) and the balance before anything is spent. */
export function RenderAllDialog({
  open,
  creativeId,
  items,
  available,
  onClose,
  onBeforeRender,
  onRendered,
}: {
  open: boolean;
  creativeId: string;
  items: readonly LinkedFormat[];
  available: number | null;
  onClose: () => void;
  onBeforeRender: () => Promise<boolean>;
  onRendered: (result: RenderAllResult) => void;
}) {
  const t = useT();
  const credits = (count: number) => t('creativeEditor.credits', { count });
  const [picked, setPicked] = useState<FormatId[] | null>(null);
  const chosen = picked ?? items.map((i) => i.format);
  const [error, setError] = useState<{ message: string; credits: boolean } | null>(null);
  const [result, setResult] = useState<RenderAllResult | null>(null);
  const rendering = useWaitProgress();
  const costId = useId();
  const cost = items.filter((i) => chosen.includes(i.format) && i.currentCreationId === null).length * CREDIT_COSTS.render;
  const short = available !== null && available < cost;
  const close = () => {
    setPicked(null);
    setError(null);
    setResult(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      const done = await rendering.track(async () => {
        if (!(await onBeforeRender())) throw new ApiError('save_failed', t('creativeEditor.renderAll.saveFirst'), 0);
        return creativesApi.renderAll(creativeId, chosen);
      });
      setResult(done);
      onRendered(done);
    } catch (e) {
      setError({ message: errorMessage(e, t('creativeEditor.renderAll.failed')), credits: e instanceof ApiError && e.code === 'insufficient_credits' });
    }
  };
  return (
    <Dialog open={open} title={t(result ? 'creativeEditor.renderAll.doneTitle' : 'creativeEditor.renderAll.title')} onClose={close} wide={result !== null}>
      {result ? (
        <div className="space-y-4">
          <p className="text-sm" role="status">
            {result.charged > 0 ? t('creativeEditor.renderAll.used', { count: result.charged }) : t('creativeEditor.renderAll.noneUsed')}
            {result.items.some((i) => i.outcome === 'failed') ? ` ${t('creativeEditor.renderAll.failedNotCharged')}` : ''}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {result.items.map((item) => (
              <li key={item.creativeId} className="flex flex-col gap-2 rounded-lg border border-zinc-200 p-2 text-xs dark:border-zinc-700">
                <div className="relative aspect-square rounded bg-zinc-100 dark:bg-zinc-800">
                  <div className="absolute inset-2 flex items-center justify-center">
                    {item.creation ? (
                      <img
                        src={item.creation.url}
                        alt={t('creativeEditor.renderAll.pngAlt', { format: t('creativeEditor.format.label', { format: item.format }) })}
                        width={item.creation.width}
                        height={item.creation.height}
                        className="h-auto max-h-full w-auto max-w-full rounded-sm shadow-sm"
                      />
                    ) : (
                      <span className="text-center text-red-700 dark:text-red-300">{item.error ?? t('creativeEditor.renderAll.notRendered')}</span>
                    )}
                  </div>
                </div>
                <p className="font-medium">
                  {t('creativeEditor.format.label', { format: item.format })}
                  <span className="ml-1 font-normal text-zinc-600 dark:text-zinc-400">
                    {t(
                      item.outcome === 'rendered'
                        ? 'creativeEditor.renderAll.outcomeNew'
                        : item.outcome === 'existing'
                          ? 'creativeEditor.renderAll.outcomeExisting'
                          : 'creativeEditor.renderAll.outcomeFailed',
                    )}
                  </span>
                </p>
                {item.creation ? (
                  <a
                    href={item.creation.downloadUrl}
                    download
                    className={buttonClass('secondary', 'sm')}
                    aria-label={t('creativeEditor.renderAll.download', { format: t('creativeEditor.format.label', { format: item.format }) })}
                  >
                    <Download className="size-4" aria-hidden="true" /> PNG
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to="/creations" className={buttonClass('secondary', 'md')}>
              {t('creativeEditor.openCreations')}
            </Link>
            <a href={result.zipUrl} download className={buttonClass('primary', 'md')}>
              <Download className="size-4" aria-hidden="true" /> {t('creativeEditor.renderAll.downloadZip')}
            </a>
          </div>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={whenSubmitted(submit)}>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creativeEditor.renderAll.intro')}</p>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('creativeEditor.formats.title')}</legend>
            <ul className="space-y-2">
              {items.map((item) => (
                <li key={item.id}>
                  <label className="flex items-center gap-3 rounded-lg border border-zinc-300 px-3 py-2 text-sm dark:border-zinc-700">
                    <input
                      type="checkbox"
                      className="size-4 accent-accent-600"
                      checked={chosen.includes(item.format)}
                      onChange={(event) =>
                        setPicked(
                          event.target.checked
                            ? items.map((i) => i.format).filter((f) => f === item.format || chosen.includes(f))
                            : chosen.filter((f) => f !== item.format),
                        )
                      }
                    />
                    <FormatShape format={item.format} size={18} />
                    <span className="flex-1">
                      <span className="block font-medium">
                        {t('creativeEditor.format.label', { format: item.format })}
                        {item.id === creativeId ? (
                          <span className="ml-1 font-normal text-zinc-600 dark:text-zinc-400">{t('creativeEditor.renderAll.thisOne')}</span>
                        ) : null}
                      </span>
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                        {t('creativeEditor.renderAll.sizeVersion', {
                          width: FORMATS[item.format].width,
                          height: FORMATS[item.format].height,
                          number: item.revisionNumber,
                        })}
                      </span>
                    </span>
                    <span className="text-xs whitespace-nowrap">
                      {item.currentCreationId ? (
                        <span className="inline-flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
                          <Check className="size-3.5" aria-hidden="true" /> {t('creativeEditor.renderAll.renderedFree')}
                        </span>
                      ) : (
                        credits(CREDIT_COSTS.render)
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <p id={costId} className="text-sm">
            {t('creativeEditor.renderAll.costs')} <strong>{cost === 0 ? t('creativeEditor.renderAll.nothing') : credits(cost)}</strong>
            {available !== null ? <> {t('creativeEditor.variations.youHave', { available })}</> : null}.{short ? ` ${t('creativeEditor.renderAll.short')}` : ''}
          </p>
          {error ? <SpendError error={error} /> : null}
          {rendering.progress !== null ? <RenderProgress progress={rendering.progress} /> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t('creativeEditor.cancel')}
            </Button>
            <Button
              type="submit"
              aria-describedby={costId}
              disabled={chosen.length === 0 || short}
              pending={rendering.progress !== null}
              pendingLabel={t('creativeEditor.rendering')}
            >
              <Wand2 className="size-4" aria-hidden="true" />{' '}
              {t('creativeEditor.renderAll.submit', { count: chosen.length, price: cost === 0 ? t('creativeEditor.free') : credits(cost) })}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
