import { Skeleton } from '#client/components/skeleton.tsx';

/** The page and presentation editors' three columns: parts, preview, properties. */
const THREE_COLUMNS = 'grid grid-cols-1 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)_20rem]';

/**
 * An editor's placeholder while its document loads, in the editor's own columns (the parts
 * list, the canvas or preview, the properties), so that the screen does not jump when it opens.
 */
export function EditorSkeleton({
  label,
  className = THREE_COLUMNS,
  canvasClassName = 'h-[32rem]',
}: {
  label: string;
  className?: string;
  canvasClassName?: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      <Skeleton className="h-96" />
      <Skeleton className={canvasClassName} />
      <Skeleton className="h-96" />
    </div>
  );
}
