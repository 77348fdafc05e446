import type { Locale } from '#common/i18n/locales.ts';
import type { ReactNode } from 'react';
import { DEVICE_WIDTH, DeviceFrame, DeviceToggle, type Device } from '#client/components/editor/device-frame.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * An editor's preview: a labelled region, as wide as the screen allows for a desktop or a
 * phone's width for a phone, holding `children` in a frame of that device's viewport.
 */
export function DevicePreview({
  label,
  device,
  lang,
  width = DEVICE_WIDTH[device],
  zoom,
  children,
}: {
  label: string;
  device: Device;
  lang?: Locale;
  /** The viewport's width in CSS px (default: the device's). */
  width?: number;
  /** A fixed scale; absent: fit (DeviceFrame). */
  zoom?: number;
  children: ReactNode;
}) {
  const t = useT();
  const size = zoom !== undefined ? 'w-fit max-w-full' : device === 'phone' ? 'w-[390px] max-w-full' : 'w-full';
  return (
    <div
      role="region"
      aria-label={label}
      className={`mx-auto overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-700 ${size}`}
    >
      <DeviceFrame
        key={device}
        title={t('editor.device.frame', { label, device })}
        width={width}
        {...(lang ? { lang } : {})}
        {...(zoom !== undefined ? { zoom } : {})}
      >
        {children}
      </DeviceFrame>
    </div>
  );
}

/** An editor's preview column: the device toggle, with a note on what is shown beside it, above the preview. */
export function PreviewPane({
  device,
  onDevice,
  note,
  children,
}: {
  device: Device;
  onDevice: (device: Device) => void;
  note: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <DeviceToggle device={device} onChange={onDevice} />
        {note}
      </div>
      {children}
    </>
  );
}
