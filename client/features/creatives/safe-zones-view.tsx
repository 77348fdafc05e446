import { AlertTriangle } from 'lucide-react';
import type { CreativeDocument } from '#common/creative/document.ts';
import { zonesFor } from '#common/creative/safe-zones.ts';
import { layerName } from '#client/features/creatives/layer-names.ts';
import { moveClear, placementName, type SafeZones } from '#client/features/creatives/safe-zones.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** What the safe zones' overlay and warnings show (safe-zones.tsx has the toggle and the covered layers). */
export interface SafeZonesViewProps {
  doc: CreativeDocument;
  zones: SafeZones;
  readOnly: boolean;
  onChange: (doc: CreativeDocument) => void;
}

/**
 * Over the canvas: the covered areas, labelled and semi-transparent (never in the render, never
 * in the way of the pointer), and a mark on each covered layer with its one-click fix.
 */
export function SafeZonesOverlay({ doc, zones, readOnly, onChange }: SafeZonesViewProps) {
  const t = useT();
  if (!zones.shown) return null;
  const areas = zonesFor(zones.placement, doc.format);
  const placement = placementName(t, zones.placement);
  return (
    <div
      data-testid="safe-zones"
      className="pointer-events-none absolute inset-0"
      role="group"
      aria-label={t('creativeEditor.safeZones.overlay', { placement })}
    >
      <div className="absolute inset-0 overflow-hidden">
        {areas.map((zone, i) => (
          <div
            key={i}
            data-zone={zone.id}
            className="absolute flex items-start justify-center overflow-hidden border border-dashed border-rose-500/70 bg-rose-500/20 p-0.5"
            style={{ left: `${zone.x}%`, top: `${zone.y}%`, width: `${zone.w}%`, height: `${zone.h}%` }}
          >
            {/* Narrow side strips keep their label for screen readers only. */}
            <span className={zone.w < 15 ? 'sr-only' : 'rounded bg-white/85 px-1 text-[10px] leading-tight font-medium text-rose-900'}>
              {t('creativeEditor.safeZones.zone', { zone: zone.id })}
            </span>
          </div>
        ))}
        {areas.length === 0 ? (
          <p className="absolute inset-x-2 top-2 rounded bg-white/90 px-2 py-1 text-center text-[11px] text-zinc-700 shadow-sm">
            {t('creativeEditor.safeZones.nothingCovered', { placement })}
          </p>
        ) : null}
      </div>
      {zones.covered.map((covered) => {
        const layer = doc.layers.find((l) => l.id === covered.layerId);
        if (!layer) return null;
        const name = layerName(layer, t);
        return (
          <div
            key={covered.layerId}
            data-covered={covered.layerId}
            className="absolute outline-2 outline-amber-500 outline-dashed"
            style={{ left: `${layer.x}%`, top: `${layer.y}%`, width: `${layer.w}%`, height: `${layer.h}%` }}
          >
            {covered.fix && !readOnly ? (
              <button
                type="button"
                onClick={() => onChange(moveClear(doc, covered))}
                aria-label={t('creativeEditor.safeZones.moveName', { name })}
                title={t('creativeEditor.safeZones.moveName', { name })}
                className="pointer-events-auto absolute -top-2.5 -right-2.5 grid size-5 place-items-center rounded-full bg-amber-500 text-white shadow focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none"
              >
                <AlertTriangle className="size-3" aria-hidden="true" />
              </button>
            ) : (
              <span
                className="absolute -top-2.5 -right-2.5 grid size-5 place-items-center rounded-full bg-amber-500 text-white shadow"
                title={t('creativeEditor.safeZones.noRoom', { name })}
              >
                <AlertTriangle className="size-3" aria-hidden="true" />
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The panel's list of covered layers: what covers each, and the button that moves it out (or why none can). */
export function SafeZoneWarnings({ doc, zones, readOnly, onChange }: SafeZonesViewProps) {
  const t = useT();
  if (zones.covered.length === 0) return null;
  const placement = placementName(t, zones.placement);
  return (
    <section
      aria-label={t('creativeEditor.safeZones.warnings')}
      className="m-3 space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-900/30 dark:text-amber-100"
    >
      <h2 className="flex items-center gap-1.5 font-medium">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />{' '}
        {t('creativeEditor.safeZones.warningsTitle', { count: zones.covered.length, placement })}
      </h2>
      <ul className="space-y-2">
        {zones.covered.map((covered) => {
          const layer = doc.layers.find((l) => l.id === covered.layerId);
          if (!layer) return null;
          const name = layerName(layer, t);
          const what = covered.zones.map((zone) => t('creativeEditor.safeZones.zone', { zone })).join(', ');
          return (
            <li key={covered.layerId} className="space-y-1">
              <p>{t('creativeEditor.safeZones.coveredBy', { name, what })}</p>
              {!covered.fix ? (
                <p className="text-xs">{t('creativeEditor.safeZones.noRoom', { name })}</p>
              ) : !readOnly ? (
                <button
                  type="button"
                  onClick={() => onChange(moveClear(doc, covered))}
                  className="rounded-md border border-amber-300 bg-white px-2 py-1 text-xs font-medium text-amber-900 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none dark:border-amber-700 dark:bg-zinc-900 dark:text-amber-100"
                >
                  {t('creativeEditor.safeZones.moveName', { name })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
