import { Button } from './button';
import { useT } from '#client/lib/i18n-context.tsx';

/** The "Show more" button under a cursor-paginated list; says so when a page fails to load. */
export function ShowMore({
  list,
  className = 'mt-6',
}: {
  list: { hasMore: boolean; loadingMore: boolean; moreFailed: boolean; loadMore: () => Promise<void> };
  className?: string;
}) {
  const t = useT();
  if (!list.hasMore) return null;
  return (
    <div className={`${className} flex flex-col items-center gap-2`}>
      {list.moreFailed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('list.moreFailed')}
        </p>
      ) : null}
      <Button variant="secondary" pending={list.loadingMore} onClick={() => void list.loadMore()}>
        {list.moreFailed ? t('action.tryAgain') : t('list.showMore')}
      </Button>
    </div>
  );
}
