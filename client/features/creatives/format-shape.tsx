import { FORMATS, type FormatId } from '#common/creative/document.ts';

/** A format's shape as a small outline (the formats bar's chips, the resize and render-all dialogs). */
export function FormatShape({ format, size = 14 }: { format: FormatId; size?: number }) {
  const f = FORMATS[format];
  return (
    <span aria-hidden="true" className="grid shrink-0 place-items-center" style={{ width: size, height: size }}>
      <span
        className="block rounded-[2px] border border-current"
        style={{ width: size * Math.min(1, f.width / f.height), height: size * Math.min(1, f.height / f.width) }}
      />
    </span>
  );
}
