import { Smartphone } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import { PLACEMENT_IDS, placementsFor, type PlacementId } from '#common/creative/placements.ts';
import type { Covered } from '#common/creative/safe-zones.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';
import { lazyModule } from '#client/lib/lazy-module.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * Safe zones in the editor (issue 29, point 6): a toggle in the canvas toolbar shows where the
 * chosen placement's interface covers the canvas (common/creative/safe-zones.ts); while shown,
 * the text, buttons and logos under it are flagged on the canvas, in the layers list and in the
 * properties panel, each with one click to the nearest place clear of it. The overlay and the
 * panel's warnings (safe-zones-view.tsx) load when the zones are first shown, and so do the zones
 * themselves with the rules that find the covered layers (common/creative/safe-zones.ts).
 */

const rules = lazyModule(() => import('#common/creative/safe-zones.ts'));

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
  /** The covered layers (none while hidden, nor before the zones have loaded). */
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
  const loaded = rules.useModule(stored.shown);
  const covered = useMemo(() => (stored.shown && loaded ? loaded.coveredLayers(doc, placement) : []), [stored.shown, loaded, doc, placement]);
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
export function placementName(t: ReturnType<typeof useT>, placement: PlacementId): string {
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
