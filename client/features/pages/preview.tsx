import type { Locale } from '#common/i18n/locales.ts';
import { useMemo, useState, type SyntheticEvent } from 'react';
import { mediaFileUrl } from '#common/media-urls.ts';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { ImageRef, PageDocument } from '#common/schemas/blocks.ts';
import type { Device } from '#client/components/editor/device-frame.tsx';
import { DevicePreview } from '#client/components/editor/device-preview.tsx';
import { PageView, type RenderBlock } from '#client/blocks/page-view.tsx';
import type { BlockContext } from '#client/blocks/types.ts';
import { ContentLanguage } from '#client/lib/i18n.tsx';

/** Sizes of the project's media the editor knows (for the preview's width/height). */
export type MediaSizes = Record<string, { width: number | null; height: number | null } | undefined>;

/**
 * How the workspace shows a block's image: the media file through the workspace's own
 * (cookie-authenticated) URL, with its size when the library told us.
 */
export function workspaceImages(sizes: MediaSizes): BlockContext['image'] {
  return (ref: ImageRef) => {
    const size = sizes[ref.mediaId];
    return { src: mediaFileUrl(ref.mediaId), width: size?.width ?? 1200, height: size?.height ?? 800 };
  };
}

/** Links and forms in a preview do nothing: the editor must not navigate away (or post a lead). */
function inert(event: SyntheticEvent) {
  const target = event.target as Element | null;
  if (event.type === 'submit' || target?.closest?.('a[href]')) event.preventDefault();
}

/** A page document drawn by the same components as the published page, at a desktop or phone width. */
export function PagePreview({
  doc,
  theme,
  sizes,
  device,
  mode = 'editor',
  label,
  locale,
  width,
  zoom,
  renderBlock,
}: {
  doc: PageDocument;
  theme: FunnelTheme;
  /** The funnel's language: the page's own words (form messages, countdown units) are shown in it. */
  locale: Locale;
  sizes: MediaSizes;
  device: Device;
  mode?: BlockContext['mode'];
  label: string;
  /** The viewport's width and a fixed zoom (DevicePreview); absent: the device's width, fitted. */
  width?: number;
  zoom?: number;
  /** The canvas's wrapper of each block (client/features/pages/canvas/). */
  renderBlock?: RenderBlock;
}) {
  // The countdown shows the time left when the preview opened; the editor does not tick.
  const [now] = useState(() => Date.now());
  const ctx = useMemo<BlockContext>(() => ({ mode, image: workspaceImages(sizes), now }), [mode, sizes, now]);
  const page = (
    // Only stops links and forms from leaving the editor; the preview's own controls stay reachable.
    <div onClickCapture={inert} onSubmitCapture={inert}>
      <ContentLanguage locale={locale}>
        <PageView document={doc} theme={theme} ctx={ctx} {...(renderBlock ? { renderBlock } : {})} />
      </ContentLanguage>
    </div>
  );
  return (
    <DevicePreview label={label} device={device} lang={locale} {...(width ? { width } : {})} {...(zoom ? { zoom } : {})}>
      {page}
    </DevicePreview>
  );
}
