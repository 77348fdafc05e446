import { lazy, Suspense } from 'react';
import type { BrandChecklistProps } from '#client/features/creatives/brand-checklist.tsx';
import type { CropToolsProps } from '#client/features/creatives/crop-tools.tsx';
import type { ElementsPickerProps } from '#client/features/creatives/elements-picker.tsx';
import type { SafeZonesViewProps } from '#client/features/creatives/safe-zones-view.tsx';
import type { CropOverlayProps } from '#client/features/creatives/stage-crop.tsx';

/**
 * The editor's occasional parts, each loaded the first time it is opened, outside the editor's
 * chunk (bench/budgets.json `largestLazyChunkBytes`): their module loads in a few milliseconds,
 * and a dialog's focus moves in once it has drawn (useModalDialog).
 */

const Picker = lazy(() => import('#client/features/creatives/elements-picker.tsx').then((m) => ({ default: m.ElementsPicker })));

/** The Elements picker (shapes, and the icon grid with its search), while open. */
export function ElementsPicker(props: ElementsPickerProps) {
  return props.open ? (
    <Suspense fallback={null}>
      <Picker {...props} />
    </Suspense>
  ) : null;
}

const Crop = lazy(() => import('#client/features/creatives/stage-crop.tsx').then((m) => ({ default: m.CropOverlay })));

/** Cropping on the canvas (the picture, its frame and their handles, with the crop's maths), while a crop is under way. */
export function CropOverlay(props: CropOverlayProps) {
  return (
    <Suspense fallback={null}>
      <Crop {...props} />
    </Suspense>
  );
}

const Tools = lazy(() => import('#client/features/creatives/crop-tools.tsx').then((m) => ({ default: m.CropTools })));

/** The crop's floating tools, once a picture is selected ("Crop") or cropped (scale, cancel, done). */
export function CropTools(props: CropToolsProps) {
  return props.cropping || props.canCrop ? (
    <Suspense fallback={null}>
      <Tools {...props} />
    </Suspense>
  ) : null;
}

const Checklist = lazy(() => import('#client/features/creatives/brand-checklist.tsx').then((m) => ({ default: m.BrandChecklist })));

/** The brand guard's checklist, while a render or a request for approval waits on it. */
export function BrandChecklist(props: BrandChecklistProps) {
  return props.guard.pending ? (
    <Suspense fallback={null}>
      <Checklist {...props} />
    </Suspense>
  ) : null;
}

const Zones = lazy(() => import('#client/features/creatives/safe-zones-view.tsx').then((m) => ({ default: m.SafeZonesOverlay })));
const Warnings = lazy(() => import('#client/features/creatives/safe-zones-view.tsx').then((m) => ({ default: m.SafeZoneWarnings })));

/** The safe zones over the canvas, while shown. */
export function SafeZonesOverlay(props: SafeZonesViewProps) {
  return props.zones.shown ? (
    <Suspense fallback={null}>
      <Zones {...props} />
    </Suspense>
  ) : null;
}

/** The panel's list of the layers the shown safe zones cover. */
export function SafeZoneWarnings(props: SafeZonesViewProps) {
  return props.zones.covered.length > 0 ? (
    <Suspense fallback={null}>
      <Warnings {...props} />
    </Suspense>
  ) : null;
}
