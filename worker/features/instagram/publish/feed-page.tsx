import type { Locale } from '#common/i18n/locales.ts';
import { formatDate } from '#common/format.ts';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import type { FeedPost } from '#worker/features/instagram/publish/service.ts';

/** The sandbox feed page: a sandbox account's published posts, as a stand-in for its Instagram profile. */

export function SandboxFeedPage({ chrome, username, posts }: { chrome: PublicChrome; username: string; posts: FeedPost[] }) {
  const t = useT();
  const locale = useI18n().locale as Locale;
  return (
    <PublicLayout chrome={chrome}>
      <section className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        <p className="inline-flex rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
          {t('instagram.feed.badge')}
        </p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">@{username}</h1>
        <p className="mt-1 text-sm text-zinc-600">{t('instagram.feed.lead')}</p>
        {posts.length === 0 ? (
          <p className="mt-10 text-sm text-zinc-600">{t('instagram.feed.empty')}</p>
        ) : (
          <ol className="mt-8 space-y-8">
            {posts.map((post) => (
              <li key={post.mediaId} id={post.mediaId} className="scroll-mt-20 overflow-hidden rounded-lg border border-zinc-200 bg-white">
                <div className="flex items-center justify-between px-4 py-3 text-sm">
                  <span className="font-semibold text-zinc-900">@{username}</span>
                  <span className="text-zinc-500">
                    {t('instagram.feed.kind', { kind: post.kind })} ·{' '}
                    <time dateTime={post.publishedAt}>
                      {t('instagram.deletion.dateUtc', { date: formatDate(post.publishedAt, 'dateTime', locale, 'UTC') })}
                    </time>
                  </span>
                </div>
                <div className="flex snap-x snap-mandatory overflow-x-auto bg-zinc-100">
                  {post.images.map((src, i) => (
                    <img
                      key={src}
                      src={src}
                      alt={post.images.length > 1 ? t('instagram.feed.picture', { index: i + 1, count: post.images.length }) : t('instagram.feed.thePicture')}
                      loading="lazy"
                      className="w-full flex-none snap-center object-contain"
                    />
                  ))}
                </div>
                {post.caption ? <p className="px-4 py-3 text-sm whitespace-pre-line text-zinc-800">{post.caption}</p> : null}
                <p className="px-4 pb-3 font-mono text-xs text-zinc-400">
                  <a href={`#${post.mediaId}`}>#{post.mediaId}</a>
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </PublicLayout>
  );
}
