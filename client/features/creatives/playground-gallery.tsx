import { useMemo } from 'react';
import { TEMPLATE_IDS } from '#common/creative/template-ids.ts';
import { CreativePreview } from '#client/creative/preview.tsx';
import { Section } from '#client/features/creatives/panel-fields.tsx';
import { templateDescription, templateName } from '#client/features/creatives/library-words.ts';
import { lazyModule } from '#client/lib/lazy-module.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * The templates (every one, with the widths of every font), loaded after the playground's first
 * paint, outside its chunk (bench/budgets.json `largestLazyChunkBytes`): the gallery's previews,
 * a change of template or format, a picture put where a template has room for one.
 */
export const playgroundTemplates = lazyModule(() => import('#client/features/creatives/playground-templates.ts'));
export type PlaygroundTemplates = Awaited<ReturnType<typeof playgroundTemplates.load>>;

const PREVIEW = 72;

/**
 * The template gallery: a radio per template, named at once; each preview drawn once the
 * templates have come, over a placeholder of its size until then (nothing moves).
 */
export function TemplateGallery({
  tools,
  current,
  images,
  hasPicture,
  onPick,
}: {
  tools: PlaygroundTemplates | undefined;
  current: string;
  images: Readonly<Record<string, string | undefined>>;
  hasPicture: boolean;
  onPick: (id: string) => void;
}) {
  const t = useT();
  const previews = useMemo(() => tools?.previews(hasPicture), [tools, hasPicture]);
  return (
    <Section title={t('library.playground.templates')}>
      <div role="radiogroup" aria-label={t('library.playground.template')} className="grid grid-cols-3 gap-2">
        {TEMPLATE_IDS.map((id) => {
          const name = templateName(t, { id, name: id });
          const preview = previews?.get(id);
          return (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={current === id}
              aria-label={name}
              title={t('library.playground.templateTitle', { name, description: templateDescription(t, { id, description: '' }) })}
              onClick={() => onPick(id)}
              className={`overflow-hidden rounded-md border-2 ${current === id ? 'border-accent-600' : 'border-transparent hover:border-zinc-300 dark:hover:border-zinc-600'}`}
            >
              {preview ? (
                <CreativePreview doc={preview} images={images} width={PREVIEW} label={name} />
              ) : (
                <div aria-hidden="true" className="bg-zinc-100 dark:bg-zinc-800" style={{ width: PREVIEW, height: PREVIEW }} />
              )}
            </button>
          );
        })}
      </div>
    </Section>
  );
}
