import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { MediaPicker as MediaPickerType } from '#client/components/media-picker.tsx';
import type { VersionsDialog as VersionsDialogType } from '#client/features/pages/versions-dialog.tsx';

/**
 * The page editor's occasional dialogs, each loaded the first time it opens, outside the editor's
 * chunk (bench/budgets.json `largestLazyChunkBytes`): the media picker (the library's grid, the
 * upload, the photo search) and the published versions. Once opened, a dialog stays mounted, so
 * that it closes as it always did.
 */

const Picker = lazy(() => import('#client/components/media-picker.tsx').then((m) => ({ default: m.MediaPicker })));
const Versions = lazy(() => import('#client/features/pages/versions-dialog.tsx').then((m) => ({ default: m.VersionsDialog })));

/** True from the first time `open` is. */
function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function MediaPicker(props: ComponentProps<typeof MediaPickerType>) {
  return useOpened(props.open) ? (
    <Suspense fallback={null}>
      <Picker {...props} />
    </Suspense>
  ) : null;
}

export function VersionsDialog(props: ComponentProps<typeof VersionsDialogType>) {
  return useOpened(props.open) ? (
    <Suspense fallback={null}>
      <Versions {...props} />
    </Suspense>
  ) : null;
}
