import { createContext, useContext, useEffect, useState } from 'react';
import type { FunnelTemplateId, PageTemplateId } from '#common/templates/pages/ids.ts';
import { Button } from '#client/components/button.tsx';
import type * as PreviewChunk from '#client/features/funnels/template-preview.tsx';
import type { PreviewBrand } from '#client/features/funnels/template-preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { lazyModule } from '#client/lib/lazy-module.ts';

type PreviewModule = typeof PreviewChunk;
type Template = { kind: 'page' | 'funnel'; template: PageTemplateId | FunnelTemplateId; brand: PreviewBrand };

// The previews draw the real blocks (client/blocks) with the templates' words: their own chunk, asked for once a picker shows.
const chunk = lazyModule<PreviewModule>(() => import('#client/features/funnels/template-preview.tsx'));

/** Where the pickers get the previews' chunk: the chunk itself; a test gives one that is slow or fails. */
export const PreviewChunkLoader = createContext<() => Promise<PreviewModule>>(chunk.load);

/** The previews' chunk for a picker: loading, come, or failed (and a way to ask again). */
export function usePreviewChunk(): { module: PreviewModule | undefined; failed: boolean; retry: () => void } {
  const [module, setModule] = useState<PreviewModule | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = useContext(PreviewChunkLoader);
  useEffect(() => {
    if (module || failed) return;
    let live = true;
    load().then(
      (loaded) => live && setModule(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module, failed, load]);
  return { module, failed, retry: () => setFailed(false) };
}

/** True once `node` has come near the screen (at once where there is no IntersectionObserver). */
function useNearView(node: Element | null): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!node || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: '120px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, near]);
  return near;
}

const frame = 'block h-[70px] w-[112px] shrink-0 overflow-hidden rounded border border-zinc-200 bg-white dark:border-zinc-700';

/**
 * An option's thumbnail: the first screen of the template in the brand, drawn once the option
 * comes near the screen and the chunk has come (an empty frame until then, and for "Blank").
 * Decorative: aria-hidden, the option's words are its label.
 */
export function ThumbnailSlot({ module, ...template }: Partial<Template> & { module: PreviewModule | undefined }) {
  const [node, setNode] = useState<HTMLSpanElement | null>(null);
  const near = useNearView(node);
  const { kind, template: id, brand } = template;
  return (
    <span ref={setNode} aria-hidden="true" className={`${frame} col-start-2 row-span-2 row-start-1`}>
      {near && module && kind && id && brand ? <module.TemplateThumbnail kind={kind} template={id} brand={brand} /> : null}
    </span>
  );
}

/** The chosen template, large: loading, the preview, or why it is missing with a way to try again. */
export function PreviewPanel({
  name,
  module,
  failed,
  retry,
  ...template
}: Template & { name: string; module: PreviewModule | undefined; failed: boolean; retry: () => void }) {
  const t = useT();
  return (
    <figure className="min-w-0" aria-label={t('funnels.templates.preview', { name })}>
      {module ? (
        <module.TemplatePreview {...template} />
      ) : failed ? (
        <div
          role="alert"
          className="flex h-[22rem] flex-col items-center justify-center gap-3 rounded-[var(--radius-control)] border border-dashed border-zinc-300 p-4 text-center text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
        >
          <p>{t('funnels.templates.previewFailed')}</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            {t('action.tryAgain')}
          </Button>
        </div>
      ) : (
        <p className="flex h-[22rem] items-center justify-center rounded-[var(--radius-control)] border border-zinc-200 text-sm text-zinc-500 dark:border-zinc-700">
          {t('funnels.templates.previewLoading')}
        </p>
      )}
      <figcaption className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.templates.previewNote')}</figcaption>
    </figure>
  );
}
