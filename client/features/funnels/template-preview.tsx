import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '#common/i18n/locales.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { ImageRef, PageDocument } from '#common/schemas/blocks.ts';
import { buildFunnelTemplate, buildPageTemplate } from '#common/templates/pages/build.ts';
import type { FunnelTemplateId, PageTemplateId } from '#common/templates/pages/ids.ts';
import { PageView } from '#client/blocks/page-view.tsx';
import type { BlockContext } from '#client/blocks/types.ts';
import { ContentLanguage } from '#client/lib/i18n.tsx';

/** What the preview draws a template in: the funnel's theme and language, the project's name and logo. */
export interface PreviewBrand {
  theme: FunnelTheme;
  locale: Locale;
  projectName: string;
  logo: { mediaId: string; url: string } | null;
}

type Template = { kind: 'page' | 'funnel'; template: PageTemplateId | FunnelTemplateId; brand: PreviewBrand };

/** The width the page is drawn at (a desktop page), scaled to the width of the room it is shown in. */
const PAGE_WIDTH = 1200;
/** Before the room is measured (and where it cannot be, as in tests): a third of the dialog. */
const FIRST_SCALE = 0.3;
/** A thumbnail's width in CSS pixels; it shows the page's first screen (16:10). */
export const THUMBNAIL_WIDTH = 112;
/** A first screen holds the page's first blocks: drawing the rest would cost without showing. */
const FIRST_SCREEN_BLOCKS = 3;

/** The template's page (a funnel template's first page) in the brand, drawn by the published page's blocks at `scale`. */
function BrandedPage({ kind, template, brand, scale, blocks }: Template & { scale: number; blocks?: number }) {
  const [now] = useState(() => new Date());
  const { locale, projectName, logo, theme } = brand;
  const document = useMemo((): PageDocument => {
    const who = { projectName, logoMediaId: logo?.mediaId ?? null, instagram: null, now };
    const built =
      kind === 'page'
        ? buildPageTemplate(template as PageTemplateId, locale, who).document
        : buildFunnelTemplate(template as FunnelTemplateId, locale, who)[0].document;
    return blocks === undefined ? built : { ...built, blocks: built.blocks.slice(0, blocks) };
  }, [kind, template, locale, projectName, logo, now, blocks]);
  const ctx = useMemo<BlockContext>(
    () => ({
      mode: 'sheet',
      image: (ref: ImageRef) => (logo && ref.mediaId === logo.mediaId ? { src: logo.url, width: 400, height: 400 } : undefined),
      now: now.getTime(),
    }),
    [logo, now],
  );
  return (
    <div style={{ width: PAGE_WIDTH, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
      <ContentLanguage locale={locale}>
        <PageView document={document} theme={theme} ctx={ctx} />
      </ContentLanguage>
    </div>
  );
}

/**
 * A template's page drawn by the same blocks as the published page, in the brand, at small
 * scale: a picture of it, so `inert` (no focus, no clicks inside).
 */
export function TemplatePreview(props: Template) {
  const [scale, setScale] = useState(FIRST_SCALE);
  const [room, setRoom] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!room || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => room.clientWidth > 0 && setScale(room.clientWidth / PAGE_WIDTH));
    observer.observe(room);
    return () => observer.disconnect();
  }, [room]);
  return (
    <div
      ref={setRoom}
      data-testid="template-preview"
      className="h-[22rem] overflow-hidden rounded-[var(--radius-control)] border border-zinc-200 bg-white dark:border-zinc-700"
      inert
      lang={props.brand.locale}
    >
      <BrandedPage {...props} scale={scale} />
    </div>
  );
}

/**
 * An option's thumbnail: the first screen of the template's page in the brand, at a fixed small
 * scale (no measuring). Decorative: the option's name and description are its label.
 */
export function TemplateThumbnail(props: Template) {
  return (
    <div data-testid="template-thumbnail" className="size-full overflow-hidden" inert aria-hidden="true" lang={props.brand.locale}>
      <BrandedPage {...props} scale={THUMBNAIL_WIDTH / PAGE_WIDTH} blocks={FIRST_SCREEN_BLOCKS} />
    </div>
  );
}
