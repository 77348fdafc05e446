import { lazy, Suspense } from 'react';
import type { IconLayer, ShapeLayer } from '#common/creative/document.ts';
import type { FieldsProps } from '#client/features/creatives/element-fields.tsx';
import type { PictureControlsProps } from '#client/features/creatives/picture-controls.tsx';
import type { TextStyleBarProps } from '#client/features/creatives/text-style-buttons.tsx';

// The panel's fields of a kind of layer, loaded when such a layer is first selected. Their
// fallback keeps about their height, so that the fields below hardly move when they come.
const Shape = lazy(() => import('#client/features/creatives/element-fields.tsx').then((m) => ({ default: m.ShapeFields })));
const Icon = lazy(() => import('#client/features/creatives/element-fields.tsx').then((m) => ({ default: m.IconFields })));
const Picture = lazy(() => import('#client/features/creatives/picture-controls.tsx').then((m) => ({ default: m.PictureControls })));

const StyleBar = lazy(() => import('#client/features/creatives/text-style-buttons.tsx').then((m) => ({ default: m.TextStyleBar })));

function FieldsLoading({ height }: { height: string }) {
  return <div aria-hidden="true" className={height} />;
}

/** A shape's fields (element-fields.tsx). */
export function ShapeFields(props: FieldsProps<ShapeLayer>) {
  return (
    <Suspense fallback={<FieldsLoading height="h-36" />}>
      <Shape {...props} />
    </Suspense>
  );
}

/** An icon's fields (element-fields.tsx). */
export function IconFields(props: FieldsProps<IconLayer>) {
  return (
    <Suspense fallback={<FieldsLoading height="h-24" />}>
      <Icon {...props} />
    </Suspense>
  );
}

/** A picture's crop, flips and opacity (picture-controls.tsx). */
export function PictureControls(props: PictureControlsProps) {
  return (
    <Suspense fallback={<FieldsLoading height="h-56" />}>
      <Picture {...props} />
    </Suspense>
  );
}

/** The styles of a text layer's selected words (text-style-buttons.tsx): its toolbar and two rows of swatches. */
export function TextStyleBar(props: TextStyleBarProps) {
  return (
    <Suspense fallback={<FieldsLoading height="mt-2 h-[5.5rem]" />}>
      <StyleBar {...props} />
    </Suspense>
  );
}
