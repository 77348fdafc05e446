import type { KeyboardEvent, PointerEvent } from 'react';
import type { FocalPoint } from '#common/schemas/media.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/**
 * A picture's focal point, chosen on the picture (issue 14, point 4): click or drag to put the
 * mark where the crop of an image layer should keep the picture in view; arrow keys move it by
 * 1 % (Shift: 10 %), Home centres it. The value is shown and announced in words.
 */
export function FocalPointPicker({
  src,
  alt,
  value,
  disabled,
  onChange,
}: {
  src: string;
  alt: string;
  value: FocalPoint | null;
  disabled: boolean;
  onChange: (value: FocalPoint) => void;
}) {
  const t = useT();
  const point = value ?? { x: 50, y: 50 };
  const label = t(value ? 'media.focal.value' : 'media.focal.valueCentre', { x: point.x, y: point.y });
  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, FocalPoint> = {
      ArrowLeft: { x: clamp(point.x - step), y: point.y },
      ArrowRight: { x: clamp(point.x + step), y: point.y },
      ArrowUp: { x: point.x, y: clamp(point.y - step) },
      ArrowDown: { x: point.x, y: clamp(point.y + step) },
      Home: { x: 50, y: 50 },
    };
    const next = moves[event.key];
    if (!next || disabled) return;
    event.preventDefault();
    onChange(next);
  };
  return (
    <div>
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={t('media.focal.label')}
        aria-valuetext={label}
        aria-valuenow={point.x}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-disabled={disabled}
        onPointerDown={(event) => {
          if (disabled) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          fromPointer(event);
        }}
        onPointerMove={(event) => {
          if (!disabled && event.buttons === 1) fromPointer(event);
        }}
        onKeyDown={onKeyDown}
        className={`relative mx-auto w-fit touch-none rounded-[var(--radius-control)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${disabled ? '' : 'cursor-crosshair'}`}
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          className="block max-h-[60vh] w-auto max-w-full rounded-[var(--radius-control)] bg-zinc-100 select-none dark:bg-zinc-800"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
          style={{ left: `${point.x}%`, top: `${point.y}%` }}
        />
      </div>
      <p className="mt-2 text-center text-xs text-zinc-600 dark:text-zinc-400">{disabled ? label : t('media.focal.help', { value: label })}</p>
    </div>
  );
}
