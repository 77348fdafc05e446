import { Button } from './button';

/** The "Show more" button under a cursor-paginated list; says so when a page fails to load. */
export function ShowMore({
  list,
  className = 'mt-6',
}: {
  list: { hasMore: boolean; loadingMore: boolean; moreFailed: boolean; loadMore: () => Promise<void> };
  className?: string;
}) {
  if (!list.hasMore) return null;
  return (
    <div className={`${className} flex flex-col items-center gap-2`}>
      {list.moreFailed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The next page could not be loaded.
        </p>
      ) : null}
      <Button variant="secondary" pending={list.loadingMore} onClick={() => void list.loadMore()}>
        {list.moreFailed ? 'Try again' : 'Show more'}
      </Button>
    </div>
  );
}
