import { BarChart3 } from 'lucide-react';
import type { PostInsight } from '#common/schemas/insights.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { instagramApi } from '#client/features/instagram/api.ts';

/** The figures a post can have, in the order they are shown (a story has no likes, comments or saves: those stay out). */
export const FIGURES = ['reach', 'views', 'likes', 'comments', 'saves', 'shares'] as const;

/** A post's figures as a small grid of numbers in the reader's language. */
export function FigureGrid({ insight }: { insight: PostInsight }) {
  const t = useT();
  const format = useFormat();
  const shown = FIGURES.filter((name) => insight[name] !== null);
  return (
    <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
      {shown.map((name) => (
        <div key={name} className="min-w-0">
          <dt className="truncate text-xs text-zinc-600 dark:text-zinc-400">{t('instagram.insights.figure', { name })}</dt>
          <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{format.number(insight[name] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The ad's published post's figures, beside the ad: a note before the first reading, the
 * figures with when they were read, or what keeps them from coming (the account needs
 * reconnecting, the post was deleted on Instagram).
 */
export function PostFigures({ adId }: { adId: string }) {
  const t = useT();
  const format = useFormat();
  const figures = useResource(() => instagramApi.adInsights(adId), [adId]);
  const headingId = `post-figures-${adId}`;
  let body;
  if (figures.status === 'loading') body = <SkeletonLines lines={2} label={t('instagram.insights.loading')} />;
  else if (figures.status === 'error') body = <LoadFailed title={t('instagram.insights.loadFailed')} onRetry={figures.reload} />;
  else {
    const { insight, reconnect } = figures.data;
    const read = insight && insight.fetchedAt ? insight : null;
    body = (
      <div className="space-y-3">
        {reconnect ? (
          <Alert tone="warning" title={t('instagram.insights.reconnectTitle')}>
            {t('instagram.insights.reconnectText')}
          </Alert>
        ) : null}
        {insight?.state === 'gone' ? <Alert tone="info">{t('instagram.insights.gone')}</Alert> : null}
        {read ? (
          <>
            <FigureGrid insight={read} />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              {t('instagram.insights.updated', { when: format.since(read.fetchedAt ?? read.publishedAt) })}
            </p>
          </>
        ) : reconnect ? null : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('instagram.insights.none')}</p>
        )}
      </div>
    );
  }
  return (
    <section aria-labelledby={headingId} className="rounded-[var(--radius-card)] border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 id={headingId} className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <BarChart3 aria-hidden="true" className="size-4 text-zinc-500" />
        {t('instagram.insights.title')}
      </h3>
      {body}
    </section>
  );
}
