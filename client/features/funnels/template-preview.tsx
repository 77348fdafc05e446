import { useEffect, useMemo, useState } from 'react';
import type { Locale } from '#common/i18n/locales.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { ImageRef } from '#common/schemas/blocks.ts';
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

/** The width the page is drawn at (a desktop page), scaled to the width of the room it is shown in. */
const PAGE_WIDTH = 1200;
/** Before the room is measured (and where it cannot be, as in tests): a third of the dialog. */
const FIRST_SCALE = 0.3;

/**
 * A template's page (a funnel template's first page) drawn by the same blocks as the published
 * page, in the brand, at small scale: a picture of it, so `inert` (no focus, no clicks inside).
 */
export function TemplatePreview({ kind, template, brand }: { kind: 'page' | 'funnel'; template: PageTemplateId | FunnelTemplateId; brand: PreviewBrand }) {
  const [now] = useState(() => new Date());
  const { locale, projectName, logo, theme } = brand;
  const document = useMemo(() => {
    const who = { projectName, logoMediaId: logo?.mediaId ?? null, instagram: null, now };
    return kind === 'page'
      ? buildPageTemplate(template as PageTemplateId, locale, who).document
      : buildFunnelTemplate(template as FunnelTemplateId, locale, who)[0].document;
  }, [kind, template, locale, projectName, logo, now]);
  const ctx = useMemo<BlockContext>(
    () => ({
      mode: 'sheet',
      image: (ref: ImageRef) => (logo && ref.mediaId === logo.mediaId ? { src: logo.url, width: 400, height: 400 } : undefined),
      now: now.getTime(),
    }),
    [logo, now],
  );
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
      lang={locale}
    >
      <div style={{ width: PAGE_WIDTH, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
        <ContentLanguage locale={locale}>
          <PageView document={document} theme={theme} ctx={ctx} />
        </ContentLanguage>
      </div>
    </div>
  );
}
