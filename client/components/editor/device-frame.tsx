import type { Locale } from '#common/i18n/locales.ts';
import { Monitor, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '#client/lib/i18n-context.tsx';

export type Device = 'desktop' | 'phone';

/** A desktop / phone switch (two toggle buttons). */
export function DeviceToggle({ device, onChange, label }: { device: Device; onChange: (device: Device) => void; label?: string }) {
  const t = useT();
  const item = (value: Device, text: string, Icon: typeof Monitor) => (
    <button
      type="button"
      aria-pressed={device === value}
      onClick={() => onChange(value)}
      className={`inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${
        device === value
          ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white'
          : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white'
      }`}
    >
      <Icon className="size-4" aria-hidden="true" /> {text}
    </button>
  );
  return (
    <div role="group" aria-label={label ?? t('editor.device.label')} className="inline-flex rounded-lg bg-zinc-200/70 p-0.5 dark:bg-zinc-800">
      {item('desktop', t('editor.device.desktop'), Monitor)}
      {item('phone', t('editor.device.phone'), Smartphone)}
    </div>
  );
}

/** The frame's page, in the language of what it shows (a German funnel page is `lang="de"` there too). */
const frameDoc = (lang: string) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body></body></html>`;

/** The viewport widths the preview draws at: the blocks' desktop layout (Tailwind's lg) and a phone. */
export const DEVICE_WIDTH: Record<Device, number> = { desktop: 1024, phone: 390 };

/**
 * A frame of its own `width` (its own viewport, so the blocks' responsive classes switch
 * as on that device) holding `children` through a portal, with the workspace's stylesheets,
 * as tall as its content, scaled down to fit where it is shown.
 */
export function DeviceFrame({
  title,
  width,
  lang = 'en',
  zoom,
  children,
}: {
  title: string;
  width: number;
  lang?: Locale;
  /** A fixed scale (0.5 = 50 %), scrolled sideways when wider than the room; absent: fit the room (never above 100 %). */
  zoom?: number;
  children: ReactNode;
}) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(640);
  const [room, setRoom] = useState(0);
  const [outer, setOuter] = useState<HTMLDivElement | null>(null);
  const onLoad = useCallback((event: SyntheticEvent<HTMLIFrameElement>) => {
    const doc = event.currentTarget.contentDocument;
    if (!doc) return;
    for (const node of document.querySelectorAll('link[rel="stylesheet"], style')) doc.head.appendChild(node.cloneNode(true));
    doc.body.style.margin = '0';
    setBody(doc.body);
  }, []);
  useEffect(() => {
    if (!body || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(Math.max(200, body.scrollHeight)));
    observer.observe(body);
    return () => observer.disconnect();
  }, [body]);
  useEffect(() => {
    if (!outer || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(outer.clientWidth));
    observer.observe(outer);
    return () => observer.disconnect();
  }, [outer]);
  // Unmeasured (no layout yet): full size. A transform keeps pointer hit-testing right: the browser maps it into the frame.
  const scale = zoom ?? (room > 0 ? Math.min(1, room / width) : 1);
  const frame = (
    <iframe
      title={title}
      srcDoc={frameDoc(lang)}
      onLoad={onLoad}
      className="block origin-top-left border-0 bg-white"
      style={{ width, height, transform: scale !== 1 ? `scale(${scale})` : undefined }}
    >
      {body ? createPortal(children, body) : null}
    </iframe>
  );
  // One structure for fit and zoom: changing the zoom keeps the frame (and its document) as it is.
  return (
    <div ref={setOuter} className={zoom === undefined ? 'overflow-hidden' : 'overflow-x-auto'}>
      <div className="overflow-hidden" style={{ width: zoom === undefined ? undefined : Math.ceil(width * scale), height: Math.ceil(height * scale) }}>
        {frame}
      </div>
    </div>
  );
}
