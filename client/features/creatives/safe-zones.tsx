import { AlertTriangle, Smartphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import { coveredLayers, PLACEMENT_IDS, placementsFor, zonesFor, type Covered, type PlacementId } from '#common/creative/safe-zones.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';
import { layerName } from '#client/features/creatives/layer-names.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * Safe zones in the editor (issue 29, point 6): a toggle in the canvas toolbar shows where the
 * chosen placement's interface covers the canvas (common/creative/safe-zones.ts); while shown,
 * the text, buttons and logos under it are flagged on the canvas, in the layers list and in the
 * properties panel, each with one click to the nearest place clear of it.
 */

const KEY = 'adloom:safe-zones';

interface Stored {
  shown: boolean;
  placement: PlacementId | null;
}

export interface SafeZones {
  shown: boolean;
  /** The placement shown: the chosen one when it shows this format, else the format's first. */
  placement: PlacementId;
  setShown: (shown: boolean) => void;
  setPlacement: (placement: PlacementId) => void;
  /** The covered layers (none while hidden). */
  covered: readonly Covered[];
}

function read(key: string): Stored {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as { shown?: unknown; placement?: unknown } | null;
    const placement = PLACEMENT_IDS.find((p) => p === stored?.placement) ?? null;
    return { shown: stored?.shown === true, placement };
  } catch {
    return { shown: false, placement: null };
  }
}

/** Whether safe zones are shown, and for which placement: remembered per user in this browser. */
export function useSafeZones(doc: CreativeDocument, userId: string | undefined): SafeZones {
  const key = userId ? `${KEY}:${userId}` : KEY;
  const [stored, setStored] = useState(() => read(key));
  const save = (next: Stored) => {
    setStored(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  };
  const options = placementsFor(doc.format);
  const placement = stored.placement && options.includes(stored.placement) ? stored.placement : options[0]!;
  const covered = useMemo(() => (stored.shown ? coveredLayers(doc, placement) : []), [stored.shown, doc, placement]);
  return {
    shown: stored.shown,
    placement,
    covered,
    setShown: (shown) => save({ ...stored, shown }),
    setPlacement: (next) => save({ ...stored, placement: next }),
  };
}

/** The layer moved to where the placement no longer covers it (unchanged when it cannot fit). */
export function moveClear(doc: CreativeDocument, covered: Covered): CreativeDocument {
  return covered.fix ? updateLayer(doc, covered.layerId, covered.fix) : doc;
}

/** A placement's name ("Instagram story"); the catalog's keys are the ids in camel case. */
function placementName(t: ReturnType<typeof useT>, placement: PlacementId): string {
  return t('creativeEditor.safeZones.placementName', { placement: placement.replace(/-(\w)/, (_, c: string) => c.toUpperCase()) });
}

const toolButton =
  'inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none aria-pressed:bg-amber-100 aria-pressed:text-amber-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-amber-900/40 dark:aria-pressed:text-amber-100';

/** The canvas toolbar's toggle and, while shown, the placement to show. */
export function SafeZonesControl({ zones, format }: { zones: SafeZones; format: FormatId }) {
  const t = useT();
  return (
    <div role="group" aria-label={t('creativeEditor.safeZones.group')} className="flex items-center gap-1">
      <button
        type="button"
        aria-pressed={zones.shown}
        title={t('creativeEditor.safeZones.toggleHint')}
        onClick={() => zones.setShown(!zones.shown)}
        className={toolButton}
      >
        <Smartphone className="size-4" aria-hidden="true" />
        <span>{t('creativeEditor.safeZones.toggle')}</span>
      </button>
      {zones.shown ? (
        <select
          aria-label={t('creativeEditor.safeZones.placement')}
          value={zones.placement}
          onChange={(event) => zones.setPlacement(event.target.value as PlacementId)}
          className="h-8 rounded-md border border-zinc-300 bg-white px-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        >
          {placementsFor(format).map((p) => (
            <option key={p} value={p}>
              {placementName(t, p)}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

/**
 * Over the canvas: the covered areas, labelled and semi-transparent (never in the render, never
 * in the way of the pointer), and a mark on each covered layer with its one-click fix.
 */
export function SafeZonesOverlay({
  doc,
  zones,
  readOnly,
  onChange,
}: {
  doc: CreativeDocument;
  zones: SafeZones;
  readOnly: boolean;
  onChange: (doc: CreativeDocument) => void;
}) {
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
export function SafeZoneWarnings({
  doc,
  zones,
  readOnly,
  onChange,
}: {
  doc: CreativeDocument;
  zones: SafeZones;
  readOnly: boolean;
  onChange: (doc: CreativeDocument) => void;
}) {
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
