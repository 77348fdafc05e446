import { Copy, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { pageSlugProblem, type PageDetail } from '#common/schemas/funnels.ts';
import { seoSchema, type PageDocument } from '#common/schemas/blocks.ts';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { borderOf, inputClass, Labelled, PanelSection } from '#client/components/editor/field-controls.tsx';
import type { FieldSpec } from '#client/components/editor/field-spec.ts';
import { issuesByPath, SpecForm, type PickMedia } from '#client/components/editor/spec-form.tsx';
import type { I18n } from '@lingui/core';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import type { PageDraft, Variant } from '#client/features/pages/editor-state.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** The search and sharing fields of a page document (each variant has its own). */
const seoFields = (t: I18n['_']): readonly FieldSpec[] => [
  { kind: 'text', key: 'title', label: t('funnels.seo.title'), max: 70, hint: t('funnels.seo.titleHint') },
  {
    kind: 'text',
    key: 'description',
    label: t('funnels.seo.description'),
    max: 160,
    multiline: true,
    hint: t('funnels.seo.descriptionHint'),
  },
  { kind: 'image', key: 'image', label: t('funnels.seo.image') },
];

/** Title and address: saved when the field is left (not undoable, like a name). */
export function PageMetaSection({
  page,
  readOnly,
  onPatch,
}: {
  page: Pick<PageDetail, 'title' | 'slug' | 'funnel'>;
  readOnly: boolean;
  onPatch: (fields: { title?: string; slug?: string }) => Promise<unknown>;
}) {
  const t = useT();
  const [title, setTitle] = useState(page.title);
  const [slug, setSlug] = useState(page.slug);
  // A restored version brings its own title: the fields follow what the server has.
  const [seen, setSeen] = useState({ title: page.title, slug: page.slug });
  if (seen.title !== page.title || seen.slug !== page.slug) {
    setSeen({ title: page.title, slug: page.slug });
    if (seen.title !== page.title) setTitle(page.title);
    if (seen.slug !== page.slug) setSlug(page.slug);
  }
  const [errors, setErrors] = useState<{ title?: string; slug?: string }>({});
  const slugProblem = pageSlugProblem(slug.trim().toLowerCase());

  const commit = async (field: 'title' | 'slug') => {
    const value = field === 'title' ? title.trim() : slug.trim().toLowerCase();
    if (value === page[field]) {
      setErrors((e) => ({ ...e, [field]: undefined }));
      return;
    }
    if (field === 'title' && !value) return setErrors((e) => ({ ...e, title: t('funnels.meta.titleMissing') }));
    if (field === 'slug' && slugProblem) return setErrors((e) => ({ ...e, slug: slugProblem }));
    try {
      await onPatch({ [field]: value });
      setErrors((e) => ({ ...e, [field]: undefined }));
    } catch (error) {
      const message = error instanceof ApiError ? (error.details?.[field]?.[0] ?? errorMessage(error, t('funnels.meta.failed'))) : t('funnels.meta.failed');
      setErrors((e) => ({ ...e, [field]: message }));
    }
  };

  // Both fields are saved when they are left, or on Enter (which leaves them).
  const fieldInput =
    (field: 'title' | 'slug', value: string, onChange: (value: string) => void, maxLength: number) => (id: string, describedBy: string | undefined) => (
      <input
        id={id}
        className={`${inputClass} ${borderOf(errors[field])} h-9`}
        value={value}
        maxLength={maxLength}
        disabled={readOnly}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        onBlur={() => void commit(field)}
      />
    );

  return (
    <PanelSection title={t('funnels.meta.section')}>
      <Labelled label={t('funnels.meta.title')} error={errors.title} count={{ used: title.trim().length, max: 120 }}>
        {fieldInput('title', title, setTitle, 120)}
      </Labelled>
      <Labelled
        label={t('funnels.meta.address')}
        error={errors.slug ?? (slug !== page.slug ? (slugProblem ?? undefined) : undefined)}
        hint={`/p/${page.funnel.name}/${slug || '…'}`}
      >
        {fieldInput('slug', slug, setSlug, 60)}
      </Labelled>
    </PanelSection>
  );
}

/** Search title, description and social image of the variant being edited. */
export function SeoSection({
  doc,
  variant,
  hasB,
  readOnly,
  onChange,
  onSeal,
  pickMedia,
}: {
  doc: PageDocument;
  variant: Variant;
  hasB: boolean;
  readOnly: boolean;
  onChange: (doc: PageDocument, group?: string) => void;
  onSeal: () => void;
  pickMedia: PickMedia;
}) {
  const t = useT();
  const parsed = seoSchema.safeParse(doc.seo);
  return (
    <PanelSection title={hasB ? t('funnels.seo.sectionVariant', { variant: variant.toUpperCase() }) : t('funnels.seo.section')}>
      <SpecForm
        specs={seoFields(t)}
        value={doc.seo}
        errors={parsed.success ? {} : issuesByPath(parsed.error.issues)}
        group={`seo-${variant}`}
        readOnly={readOnly}
        onChange={(seo, group) => onChange({ ...doc, seo }, group)}
        onSeal={onSeal}
        pickMedia={pickMedia}
      />
    </PanelSection>
  );
}

/**
 * The A/B test: which variant is edited, creating B as a copy of A, the share of visitors
 * who see B, and removing B (asks first).
 */
export function VariantSection({
  draft,
  variant,
  readOnly,
  onVariant,
  onCreateB,
  onRemoveB,
  onSplit,
  onSeal,
}: {
  draft: PageDraft;
  variant: Variant;
  readOnly: boolean;
  onVariant: (variant: Variant) => void;
  onCreateB: () => void;
  onRemoveB: () => void;
  onSplit: (splitB: number) => void;
  onSeal: () => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const sliderId = useId();
  if (!draft.b) {
    return (
      <PanelSection title={t('funnels.variant.section')}>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('funnels.variant.intro')}</p>
        {!readOnly ? (
          <Button variant="secondary" size="sm" onClick={onCreateB}>
            <Copy className="size-4" aria-hidden="true" /> {t('funnels.variant.create')}
          </Button>
        ) : null}
      </PanelSection>
    );
  }
  return (
    <PanelSection title={t('funnels.variant.section')}>
      <div role="radiogroup" aria-label={t('funnels.variant.toEdit')} className="inline-flex rounded-lg bg-zinc-200/70 p-0.5 dark:bg-zinc-800">
        {(['a', 'b'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={variant === v}
            onClick={() => onVariant(v)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
                event.preventDefault();
                onVariant(v === 'a' ? 'b' : 'a');
              }
            }}
            tabIndex={variant === v ? 0 : -1}
            className={`h-8 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${
              variant === v ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white' : 'text-zinc-600 dark:text-zinc-400'
            }`}
          >
            {t('funnels.variant.name', { variant: v.toUpperCase() })}
          </button>
        ))}
      </div>
      <div>
        <label htmlFor={sliderId} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {t('funnels.variant.shownB')}
        </label>
        <div className="flex items-center gap-3">
          <input
            id={sliderId}
            type="range"
            min={0}
            max={100}
            step={1}
            value={draft.splitB}
            disabled={readOnly}
            aria-valuetext={t('funnels.variant.valueText', { b: draft.splitB, a: 100 - draft.splitB })}
            className="min-w-0 flex-1 accent-accent-600"
            onChange={(event) => onSplit(Number(event.target.value))}
            onPointerUp={onSeal}
            onKeyUp={onSeal}
          />
          <span className="w-24 shrink-0 text-right text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            {t('funnels.variant.split', { a: 100 - draft.splitB, b: draft.splitB })}
          </span>
        </div>
      </div>
      {!readOnly ? (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> {t('funnels.variant.remove')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('funnels.variant.removeTitle')}
        confirmLabel={t('funnels.variant.remove')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onRemoveB();
        }}
      >
        {t('funnels.variant.removeBody')}
      </ConfirmDialog>
    </PanelSection>
  );
}
