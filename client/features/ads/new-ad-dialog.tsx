import type { I18n } from '@lingui/core';
import { useState } from 'react';
import { AD_KINDS, AD_LIMITS, type AdKind } from '#common/ads.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import { adCreateInput, type AdDetail } from '#common/schemas/ads.ts';
import { Alert } from '#client/components/alert.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { DialogFormActions } from '#client/components/dialog-form-actions.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { useFormSubmission } from '#client/lib/use-form-submission.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { adsApi } from '#client/features/ads/api.ts';
import { CreationPicker, useProjectCreations } from '#client/features/ads/creation-picker.tsx';

/** The ad's kind as radios (the new ad dialog, the ad's form): kinds its pictures do not allow are disabled. */
export function KindField({
  name,
  value,
  allowed,
  disabled = false,
  onChange,
}: {
  name: string;
  value: AdKind;
  allowed: readonly AdKind[];
  disabled?: boolean;
  onChange: (kind: AdKind) => void;
}) {
  const t = useT();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">{t('ads.new.kind')}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {AD_KINDS.map((k) => (
          <label key={k} className="inline-flex items-center gap-2">
            <input type="radio" name={name} value={k} checked={value === k} disabled={disabled || !allowed.includes(k)} onChange={() => onChange(k)} />
            {t('ads.kind', { kind: k })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The kinds a number of pictures allows: one picture is a single image or a story; 2–10 are a carousel. */
export function kindsFor(count: number): AdKind[] {
  if (count <= 1) return ['single', 'story'];
  return ['carousel'];
}

/** What is wrong with a picture selection for a kind, or undefined (`t`: the screen's messages). */
export function pictureError(t: I18n['_'], kind: AdKind, count: number): string | undefined {
  if (count === 0) return t('ads.pictures.none');
  if (kind === 'carousel' && count < AD_LIMITS.carouselMin) return t('ads.pictures.carouselMin', { min: AD_LIMITS.carouselMin });
  if (kind === 'carousel' && count > AD_LIMITS.carouselMax) return t('ads.pictures.carouselMax', { max: AD_LIMITS.carouselMax });
  if (kind !== 'carousel' && count > 1) return t('ads.pictures.one', { kind });
  return undefined;
}

/**
 * New ad: from a creative (`creativeId`: its latest render, rendered now for a credit if there is
 * none) or from rendered pictures of the project (prefilled from `creationIds`).
 */
export function NewAdDialog({
  open,
  projectId,
  creativeId,
  creationIds,
  onClose,
  onCreated,
}: {
  open: boolean;
  projectId: string;
  creativeId: string | null;
  creationIds: readonly string[];
  onClose: () => void;
  onCreated: (ad: AdDetail) => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} title={t('ads.new.title')} onClose={onClose} wide>
      <NewAdForm projectId={projectId} creativeId={creativeId} creationIds={creationIds} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function NewAdForm({
  projectId,
  creativeId,
  creationIds,
  onClose,
  onCreated,
}: {
  projectId: string;
  creativeId: string | null;
  creationIds: readonly string[];
  onClose: () => void;
  onCreated: (ad: AdDetail) => void;
}) {
  const t = useT();
  const [source, setSource] = useState<'creative' | 'creations'>(creativeId ? 'creative' : 'creations');
  const [creative, setCreative] = useState(creativeId ?? '');
  const [creativeError, setCreativeError] = useState<string>();
  const creatives = useResource(() => adsApi.creatives(projectId), [projectId]);
  const creativeOptions = creatives.status === 'ready' ? creatives.data.items : [];
  const creativeChoices = creativeOptions.map((c) => ({ value: c.id, label: c.name }));
  if (creativeId && !creativeOptions.some((c) => c.id === creativeId)) creativeChoices.unshift({ value: creativeId, label: t('ads.new.cameFrom') });
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string[]>(() => creationIds.slice(0, AD_LIMITS.carouselMax));
  const [kind, setKind] = useState<AdKind>(creationIds.length > 1 ? 'carousel' : 'single');
  const [nameError, setNameError] = useState<string>();
  const [picturesError, setPicturesError] = useState<string>();
  const { pending, formError, setFormError, send } = useFormSubmission();
  const creations = useProjectCreations(projectId);
  const allowed = source === 'creative' ? (['single', 'story'] as AdKind[]) : kindsFor(selected.length);
  const effectiveKind = allowed.includes(kind) ? kind : allowed[0]!;

  const pick = (ids: string[]) => {
    setSelected(ids);
    setPicturesError(undefined);
    if (ids.length > 1) setKind('carousel');
    else if (kind === 'carousel') setKind('single');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const input = {
      ...(name.trim() ? { name: name.trim() } : {}),
      kind: effectiveKind,
      ...(source === 'creative' ? { creativeId: creative } : { creationIds: selected }),
    };
    const problem = source === 'creations' ? pictureError(t, effectiveKind, selected.length) : undefined;
    const noCreative = source === 'creative' && !creative ? t('ads.new.pickCreativeError') : undefined;
    setCreativeError(noCreative);
    if (noCreative) return;
    const parsed = adCreateInput.safeParse(input);
    const nameIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'name')?.message;
    setNameError(nameIssue);
    setPicturesError(problem);
    if (problem || nameIssue || !parsed.success) return;
    setFormError(null);
    await send(async () => onCreated(await adsApi.create(projectId, parsed.data)), t('ads.new.failed'));
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <FormError error={formError} />
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium">{t('ads.new.source')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="source" checked={source === 'creative'} onChange={() => setSource('creative')} />
            {t('ads.new.fromCreative')}
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="source" checked={source === 'creations'} onChange={() => setSource('creations')} />
            {t('ads.new.fromCreations')}
          </label>
        </div>
      </fieldset>
      {source === 'creative' ? (
        <div className="space-y-3">
          <div>
            <label htmlFor="new-ad-creative" className="mb-1.5 block text-sm font-medium">
              {t('ads.new.creative')}
            </label>
            <select
              id="new-ad-creative"
              value={creative}
              aria-invalid={creativeError ? true : undefined}
              aria-describedby={creativeError ? 'new-ad-creative-error' : undefined}
              onChange={(e) => {
                setCreative(e.currentTarget.value);
                setCreativeError(undefined);
              }}
              className="block h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-base shadow-sm dark:border-zinc-700 dark:bg-zinc-900 sm:text-sm"
            >
              <SelectOptions empty={t(creatives.status === 'loading' ? 'ads.new.loadingCreatives' : 'ads.new.pickCreative')} options={creativeChoices} />
            </select>
            {creativeError ? (
              <p id="new-ad-creative-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
                {creativeError}
              </p>
            ) : null}
            {creatives.status === 'error' ? (
              <button type="button" className="mt-1.5 text-sm font-medium underline" onClick={creatives.reload}>
                {t('ads.new.creativesFailed')}
              </button>
            ) : null}
          </div>
          <Alert tone="info">{t('ads.new.renderNote', { credits: CREDIT_COSTS.render })}</Alert>
        </div>
      ) : (
        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-medium">{t('ads.new.pictures')}</legend>
          <p id="new-ad-pictures-hint" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
            {t('ads.new.picturesHint', { max: AD_LIMITS.carouselMax })}
          </p>
          <CreationPicker list={creations} selected={selected} onChange={pick} />
          {picturesError ? (
            <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
              {picturesError}
            </p>
          ) : null}
        </fieldset>
      )}
      <KindField name="kind" value={effectiveKind} allowed={allowed} onChange={setKind} />
      <TextField
        label={t('ads.new.name')}
        hint={t('ads.new.nameHint')}
        maxLength={AD_LIMITS.name}
        value={name}
        error={nameError}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <DialogFormActions onCancel={onClose} pending={pending} pendingLabel={t('ads.new.creating')}>
        {source === 'creative' ? t('ads.new.createFor', { credits: CREDIT_COSTS.render }) : t('ads.new.create')}
      </DialogFormActions>
    </form>
  );
}
