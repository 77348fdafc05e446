import type { I18n } from '@lingui/core';
import { useId, useState } from 'react';
import {
  AD_LIMITS,
  CTAS,
  PLACEMENTS,
  PLACEMENT_GUIDANCE,
  charCount,
  copyWarnings,
  hashtagsOf,
  type AdKind,
  type CopyWarning,
  type Cta,
  type Placement,
} from '#common/ads.ts';
import { adUpdateInput, type AdDetail, type AdUpdateInput } from '#common/schemas/ads.ts';
import { Button } from '#client/components/button.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { CreationPicker, useProjectCreations } from '#client/features/ads/creation-picker.tsx';
import { KindField, kindsFor, pictureError } from '#client/features/ads/new-ad-dialog.tsx';

export interface Draft {
  name: string;
  kind: AdKind;
  creationIds: string[];
  primaryText: string;
  headline: string;
  description: string;
  cta: Cta;
  destinationUrl: string;
  pageName: string;
  placements: Placement[];
}

export function draftOf(ad: AdDetail): Draft {
  return {
    name: ad.name,
    kind: ad.kind,
    creationIds: ad.items.map((i) => i.creationId),
    primaryText: ad.primaryText,
    headline: ad.headline,
    description: ad.description,
    cta: ad.cta,
    destinationUrl: ad.destinationUrl,
    pageName: ad.pageName,
    placements: [...ad.placements],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ from the ad as loaded: what a save sends. */
export function changesOf(ad: AdDetail, draft: Draft): Partial<Draft> {
  const base = draftOf(ad);
  const changes: Partial<Record<keyof Draft, unknown>> = {};
  for (const key of Object.keys(draft) as (keyof Draft)[]) if (!same(base[key], draft[key])) changes[key] = draft[key];
  return changes as Partial<Draft>;
}

/** Field errors of a draft, checked with the server's schema (and the picture count for the kind, in the screen's language: `t`). */
export function draftErrors(t: I18n['_'], draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  const parsed = adUpdateInput.safeParse(draft satisfies AdUpdateInput);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Draft;
      errors[key] ??= issue.message;
    }
  const pictures = pictureError(t, draft.kind, draft.creationIds.length);
  if (pictures) errors.creationIds ??= pictures;
  return errors;
}

/** A length warning in the screen's language: the placement shows about `limit` characters of the field, the draft has more. */
function warningText(t: I18n['_'], warning: CopyWarning, draft: Draft): string {
  const limit = PLACEMENT_GUIDANCE[warning.placement][warning.field] ?? 0;
  return t('ads.form.warning', {
    placement: t('ads.placement', { placement: warning.placement }),
    limit,
    field: warning.field,
    count: charCount(draft[warning.field]),
  });
}

function Warnings({ warnings, draft, id }: { warnings: CopyWarning[]; draft: Draft; id: string }) {
  const t = useT();
  if (warnings.length === 0) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-1 text-sm text-amber-800 dark:text-amber-200" aria-live="polite">
      {warnings.map((w) => (
        <li key={`${w.field}-${w.placement}`}>⚠ {warningText(t, w, draft)}</li>
      ))}
    </ul>
  );
}

const selectClass =
  'block h-10 w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-base shadow-sm focus:outline-2 focus:outline-accent-600 disabled:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:disabled:bg-zinc-800 sm:text-sm';

/**
 * The ad's pictures and copy: live character and hashtag counters (the hard limits block a save),
 * per-placement length warnings while typing, the call to action and the placements.
 */
export function AdForm({
  ad,
  draft,
  onChange,
  touched,
  onTouch,
  readOnly,
  serverErrors = {},
}: {
  ad: AdDetail;
  draft: Draft;
  onChange: (draft: Draft) => void;
  touched: ReadonlySet<string>;
  /** The server's `details` of the last refused save, per field. */
  serverErrors?: Partial<Record<string, string>>;
  onTouch: (field: keyof Draft) => void;
  readOnly: boolean;
}) {
  const t = useT();
  const ids = useId();
  const [picking, setPicking] = useState(false);
  const creations = useProjectCreations(picking ? ad.projectId : '');
  const errors = draftErrors(t, draft);
  const shown = (field: keyof Draft) => serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);
  const warnings = copyWarnings(draft, draft.placements);
  const warningsFor = (field: CopyWarning['field']) => warnings.filter((w) => w.field === field);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => onChange({ ...draft, [key]: value });
  const chars = charCount(draft.primaryText);
  const tags = hashtagsOf(draft.primaryText).length;
  const overChars = chars > AD_LIMITS.primaryText;
  const overTags = tags > AD_LIMITS.hashtags;
  const allowedKinds = kindsFor(draft.creationIds.length);
  const bind = (field: 'name' | 'headline' | 'description' | 'destinationUrl' | 'pageName') => ({
    value: draft[field],
    disabled: readOnly,
    error: shown(field),
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    onBlur: () => onTouch(field),
  });

  return (
    <div className="min-w-0 space-y-5">
      <TextField label={t('ads.form.name')} {...bind('name')} />

      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium">{t('ads.form.pictures')}</legend>
        {picking ? (
          <>
            <CreationPicker
              list={creations}
              selected={draft.creationIds}
              disabled={readOnly}
              onChange={(creationIds) => {
                const kinds = kindsFor(creationIds.length);
                onChange({ ...draft, creationIds, kind: kinds.includes(draft.kind) ? draft.kind : kinds[0]! });
                onTouch('creationIds');
              }}
            />
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setPicking(false)}>
              {t('ads.form.done')}
            </Button>
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <ul className="flex min-w-0 flex-wrap gap-2" aria-label={t('ads.form.picturesOfAd')}>
              {draft.creationIds.map((id, index) => {
                const item = ad.items.find((i) => i.creationId === id);
                return (
                  <li key={id} className="relative size-20 overflow-hidden rounded-md bg-zinc-100 dark:bg-zinc-800">
                    {item ? (
                      <img src={item.url} alt={t('ads.form.pictureAlt', { position: index + 1, name: item.name })} className="size-full object-contain" />
                    ) : (
                      <span className="sr-only">{t('ads.form.picture', { position: index + 1 })}</span>
                    )}
                    {item?.deleted ? (
                      <span className="absolute inset-x-0 bottom-0 bg-red-600 px-1 text-center text-[10px] text-white">{t('ads.form.deleted')}</span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {!readOnly ? (
              <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
                {t('ads.form.changePictures')}
              </Button>
            ) : null}
          </div>
        )}
        {shown('creationIds') ? (
          <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {shown('creationIds')}
          </p>
        ) : null}
      </fieldset>

      <KindField name={`${ids}-kind`} value={draft.kind} allowed={allowedKinds} disabled={readOnly} onChange={(k) => set('kind', k)} />

      <div>
        <TextAreaField
          id={`${ids}-pt`}
          label={t('ads.form.primaryText')}
          rows={5}
          value={draft.primaryText}
          disabled={readOnly}
          error={errors.primaryText}
          aria-describedby={`${errors.primaryText ? `${ids}-pt-error ` : ''}${ids}-count ${ids}-pt-warnings`}
          onChange={(e) => onChange({ ...draft, primaryText: e.currentTarget.value })}
          onBlur={() => onTouch('primaryText')}
        />
        <p id={`${ids}-count`} className="mt-1 flex flex-wrap gap-x-3 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
          <span className={overChars ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
            {t('ads.form.characters', { count: chars, max: AD_LIMITS.primaryText })}
          </span>
          <span className={overTags ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
            {t('ads.form.hashtags', { count: tags, max: AD_LIMITS.hashtags })}
          </span>
        </p>
        <Warnings id={`${ids}-pt-warnings`} warnings={warningsFor('primaryText')} draft={draft} />
      </div>

      <div>
        <TextField label={t('ads.form.headline')} hint={t('ads.form.headlineHint')} {...bind('headline')} />
        <Warnings id={`${ids}-hl-warnings`} warnings={warningsFor('headline')} draft={draft} />
      </div>
      <div>
        <TextField label={t('ads.form.description')} hint={t('ads.form.descriptionHint')} {...bind('description')} />
        <Warnings id={`${ids}-ds-warnings`} warnings={warningsFor('description')} draft={draft} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="min-w-0">
          <label htmlFor={`${ids}-cta`} className="mb-1.5 block text-sm font-medium">
            {t('ads.form.cta')}
          </label>
          <select id={`${ids}-cta`} className={selectClass} value={draft.cta} disabled={readOnly} onChange={(e) => set('cta', e.currentTarget.value as Cta)}>
            {CTAS.map((c) => (
              <option key={c} value={c}>
                {t('ads.cta', { cta: c })}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t('ads.form.pageName')} className="min-w-0" {...bind('pageName')} />
      </div>
      <TextField label={t('ads.form.destinationUrl')} type="url" inputMode="url" placeholder="https://example.com/offer" {...bind('destinationUrl')} />

      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium">{t('ads.form.placements')}</legend>
        <div className="grid gap-2 text-sm sm:grid-cols-2">
          {PLACEMENTS.map((p) => (
            <label key={p} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.placements.includes(p)}
                disabled={readOnly}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  set('placements', checked ? PLACEMENTS.filter((x) => x === p || draft.placements.includes(x)) : draft.placements.filter((x) => x !== p));
                  onTouch('placements');
                }}
              />
              {t('ads.placement', { placement: p })}
            </label>
          ))}
        </div>
        {shown('placements') ? (
          <p role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {shown('placements')}
          </p>
        ) : null}
      </fieldset>
      {ad.avatarUrl ? (
        <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <img src={ad.avatarUrl} alt="" className="size-8 rounded-full object-cover" /> {t('ads.form.avatar')}
        </p>
      ) : null}
    </div>
  );
}
