import { useId, useMemo, useRef, type KeyboardEvent } from 'react';
import type { FormatId } from '#common/creative/document.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { TEMPLATE_CATEGORIES, TEMPLATES, buildTemplate, type TemplateCategory, type TemplateDef } from '#common/creative/templates.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { FittedPreview } from '#client/features/creatives/creative-card.tsx';
import { categoryLabel, templateDescription, templateName } from '#client/features/creatives/library-words.ts';

/**
 * The template picker's gallery (loaded with the picker, not with the page): every template
 * drawn live in the project's brand kit (colours, fonts, logo and latest picture) in the chosen
 * format, with the renderer's own tree at thumbnail size; search and categories narrow it down.
 */

/** Lower case without accents, for matching what people type ("cafe" finds "café"). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const LABELS = new Map<string, string>(TEMPLATE_CATEGORIES.map((c) => [c.id, c.label]));

/** The words a template is found by: its name, description, category and tags. */
const HAYSTACK = new Map(TEMPLATES.map((t) => [t.id, fold([t.name, t.description, LABELS.get(t.category) ?? '', ...t.tags].join(' '))]));

/** The words a template is found by in the reader's language as well: its name, description and category as shown. */
function shownWords(t: ReturnType<typeof useT>, template: TemplateDef): string {
  return fold([templateName(t, template), templateDescription(t, template), categoryLabel(t, template.category)].join(' '));
}

/** The templates of `category` (all when null) matching every word of `query` (in English, or as `t` shows them). */
export function matchTemplates(query: string, category: TemplateCategory | null, t?: ReturnType<typeof useT>): TemplateDef[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return TEMPLATES.filter((template) => {
    if (category !== null && template.category !== category) return false;
    if (words.length === 0) return true;
    const haystack = t ? `${HAYSTACK.get(template.id)!} ${shownWords(t, template)}` : HAYSTACK.get(template.id)!;
    return words.every((w) => haystack.includes(w));
  });
}

/** A category drawn as a chip: a native radio (arrow keys move within the group), visually hidden. */
const chip = (checked: boolean) =>
  `inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm whitespace-nowrap has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 ${
    checked
      ? 'border-accent-600 bg-accent-50 text-accent-800 dark:border-accent-400 dark:bg-accent-950 dark:text-accent-100'
      : 'border-zinc-300 text-zinc-700 hover:border-zinc-400 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-zinc-500'
  }`;

const card = (checked: boolean) =>
  `relative flex cursor-pointer flex-col overflow-hidden rounded-[var(--radius-control)] border bg-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 dark:bg-zinc-900 ${
    checked ? 'border-accent-600 ring-1 ring-accent-600' : 'border-zinc-300 hover:border-zinc-400 dark:border-zinc-700 dark:hover:border-zinc-500'
  }`;

export default function TemplateGallery({
  brand,
  images,
  pictureId,
  format,
  template,
  onTemplate,
  query,
  onQuery,
  category,
  onCategory,
  locale,
}: {
  brand: Pick<BrandKit, 'colors' | 'headingFont' | 'bodyFont' | 'logoMediaId'>;
  /** The project's language: the previews show the words the creative will start with. */
  locale?: Locale | undefined;
  /** media id → URL for the previews (the logo, the picture). */
  images: Readonly<Record<string, string | undefined>>;
  /** The project's latest picture, drawn in the templates' picture frames. */
  pictureId: string | null;
  format: FormatId;
  template: string;
  onTemplate: (id: string) => void;
  query: string;
  onQuery: (query: string) => void;
  category: TemplateCategory | null;
  onCategory: (category: TemplateCategory | null) => void;
}) {
  const t = useT();
  const id = useId();
  const grid = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => matchTemplates(query, category, t), [query, category, t]);
  const counts = useMemo(() => {
    const byCategory = new Map<string, number>();
    for (const template of matchTemplates(query, null, t)) byCategory.set(template.category, (byCategory.get(template.category) ?? 0) + 1);
    return byCategory;
  }, [query, t]);
  const docs = useMemo(
    () => shown.map((def) => ({ template: def, doc: buildTemplate(def.id, { brand, format, imageMediaId: pictureId, locale }) })),
    [shown, brand, format, pictureId, locale],
  );
  const chosen = TEMPLATES.find((def) => def.id === template);

  /** From the search field, Enter or ↓ goes to the templates (the checked one, else the first); Enter does not create. */
  const toResults = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const radios = [...(grid.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])];
    (radios.find((r) => r.checked) ?? radios[0])?.focus();
  };

  const total = TEMPLATES.length;
  const all = [...counts.values()].reduce((a, b) => a + b, 0);
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('library.gallery.legend')}</legend>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={`${id}-search`} className="sr-only">
            {t('library.gallery.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(e) => onQuery(e.currentTarget.value)}
            onKeyDown={toResults}
            placeholder={t('library.gallery.placeholder', { total })}
            autoComplete="off"
            aria-controls={`${id}-grid`}
            aria-describedby={`${id}-count`}
            className="h-9 w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm sm:w-80 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <p id={`${id}-count`} role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {shown.length === total ? t('library.gallery.count', { total }) : t('library.gallery.countOf', { shown: shown.length, total })}
          </p>
        </div>
        <div role="radiogroup" aria-label={t('library.gallery.category')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-0.5 pb-1.5">
          {[{ id: null, label: t('library.gallery.all') }, ...TEMPLATE_CATEGORIES.map((c) => ({ id: c.id, label: categoryLabel(t, c.id) }))].map((c) => (
            <label key={c.id ?? 'all'} className={chip(category === c.id)}>
              <input
                type="radio"
                name={`${id}-category`}
                value={c.id ?? ''}
                checked={category === c.id}
                onChange={() => onCategory(c.id)}
                className="sr-only"
              />
              {c.label}{' '}
              <span className={`text-xs tabular-nums ${category === c.id ? '' : 'text-zinc-600 dark:text-zinc-400'}`}>
                {c.id ? (counts.get(c.id) ?? 0) : all}
              </span>
            </label>
          ))}
        </div>
        {docs.length === 0 ? (
          <div className="rounded-[var(--radius-card)] border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {query.trim()
                ? category
                  ? t('library.gallery.noMatchIn', { query: query.trim(), category: categoryLabel(t, category) })
                  : t('library.gallery.noMatch', { query: query.trim() })
                : t('library.gallery.emptyCategory')}
            </p>
            <button
              type="button"
              onClick={() => {
                onQuery('');
                onCategory(null);
              }}
              className="mt-3 text-sm font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300"
            >
              {t('library.gallery.showAll')}
            </button>
          </div>
        ) : (
          <div
            ref={grid}
            id={`${id}-grid`}
            role="radiogroup"
            aria-label={t('library.gallery.templates')}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {docs.map(({ template: def, doc }) => (
              <label key={def.id} className={card(template === def.id)}>
                <input
                  type="radio"
                  name="template"
                  value={def.id}
                  checked={template === def.id}
                  onChange={() => onTemplate(def.id)}
                  className="sr-only"
                  aria-labelledby={`${id}-${def.id}-name`}
                  aria-describedby={`${id}-${def.id}-text`}
                />
                <span aria-hidden="true" className="relative block h-40 bg-zinc-100 dark:bg-zinc-800">
                  <FittedPreview doc={doc} images={images} label={templateName(t, def)} className="absolute inset-3" />
                </span>
                <span className="block px-3 py-2">
                  <span id={`${id}-${def.id}-name`} className="block text-sm font-medium">
                    {templateName(t, def)}
                  </span>
                  <span id={`${id}-${def.id}-text`} className="block text-xs text-zinc-500 dark:text-zinc-400">
                    {templateDescription(t, def)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
        {chosen && !shown.includes(chosen) ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('library.gallery.chosen')} <span className="font-medium text-zinc-800 dark:text-zinc-200">{templateName(t, chosen)}</span>{' '}
            {t('library.gallery.chosenHidden')}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
