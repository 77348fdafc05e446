import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { MediaItem } from '#common/schemas/media.ts';
import type { PhotoProvider, PhotoResult } from '#common/schemas/photos.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { PhotoCredit } from '#client/components/photo-credit.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { photoApi } from '#client/lib/photo-source.ts';

type Results =
  | { status: 'loading'; items: PhotoResult[] }
  | { status: 'error'; message: string; items: PhotoResult[] }
  | { status: 'ready'; provider: PhotoProvider; items: PhotoResult[]; page: number; hasMore: boolean };

/**
 * The picture picker's "Photos" tab: a search (submitted with Enter or the button, no typing
 * timer), a grid of results with each photo's credit, more on request, and a pick that imports
 * the photo into the project's library (the worker's checks and the storage limit apply) and
 * hands it on as any library picture.
 */
export function PhotoSearch({ projectId, onImported }: { projectId: string; onImported: (item: MediaItem) => void }) {
  const t = useT();
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1, attempt: 0 });
  const [results, setResults] = useState<Results>({ status: 'loading', items: [] });
  const [importing, setImporting] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    photoApi.search(projectId, query.q, query.page).then(
      (page) => {
        if (!live) return;
        setResults((before) => ({
          status: 'ready',
          provider: page.provider,
          items: query.page > 1 ? [...before.items, ...page.items] : page.items,
          page: page.page,
          hasMore: page.hasMore,
        }));
      },
      (error: unknown) => {
        if (live)
          setResults((before) => ({
            status: 'error',
            message: errorMessage(error, t('photos.failed')),
            items: query.page > 1 ? before.items : [],
          }));
      },
    );
    return () => {
      live = false;
    };
  }, [projectId, query, t]);

  const search = (q: string) => {
    setResults({ status: 'loading', items: [] });
    setQuery((before) => ({ q: q.trim(), page: 1, attempt: before.attempt + 1 }));
  };

  const pick = async (photo: PhotoResult) => {
    if (importing) return;
    setImporting(photo.id);
    setImportError(null);
    try {
      const item = await photoApi.import(projectId, { provider: photo.attribution.provider, id: photo.id });
      onImported(item);
    } catch (error) {
      setImportError(errorMessage(error, t('photos.importFailed')));
    } finally {
      setImporting(null);
    }
  };

  return (
    <div className="space-y-3">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search(draft);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('photos.searchLabel')}
        </label>
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
          <input
            id={inputId}
            type="search"
            value={draft}
            maxLength={100}
            placeholder={t('photos.placeholder')}
            onChange={(event) => setDraft(event.currentTarget.value)}
            className="block h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white pr-3 pl-9 text-base shadow-sm focus:outline-2 focus:outline-accent-600 sm:text-sm dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('photos.search')}
        </Button>
      </form>

      {results.status === 'ready' && results.provider === 'bundled' ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('photos.bundledNote')}</p>
      ) : null}
      {importError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {importError}
        </p>
      ) : null}
      {importing ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('photos.importing')}
        </p>
      ) : null}

      {results.status === 'loading' && results.items.length === 0 ? (
        <p role="status" className="text-sm text-zinc-500">
          {t('photos.loading')}
        </p>
      ) : null}
      {results.status === 'error' ? (
        <LoadFailed
          title={results.message}
          onRetry={() => {
            setResults((before) => ({ status: 'loading', items: before.items }));
            setQuery((before) => ({ ...before, attempt: before.attempt + 1 }));
          }}
        />
      ) : null}
      {results.status === 'ready' && results.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{query.q ? t('photos.noMatch', { query: query.q }) : t('photos.none')}</p>
      ) : null}

      {results.items.length > 0 ? (
        <ul
          aria-label={t('photos.results')}
          aria-busy={results.status === 'loading'}
          className="grid max-h-[50vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4"
        >
          {results.items.map((photo) => (
            <li key={photo.id} className="min-w-0">
              <button
                type="button"
                disabled={importing !== null}
                aria-label={t('photos.add', { name: photo.alt || photo.attribution.author, author: photo.attribution.author })}
                onClick={() => void pick(photo)}
                className="block w-full overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 hover:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-800"
              >
                <img
                  src={photo.previewUrl}
                  alt=""
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className={`aspect-square w-full object-cover ${importing === photo.id ? 'animate-pulse' : ''}`}
                />
              </button>
              <PhotoCredit attribution={photo.attribution} className="mt-1 block truncate text-xs text-zinc-600 dark:text-zinc-400" />
            </li>
          ))}
        </ul>
      ) : null}
      {results.status === 'ready' && results.hasMore ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setResults((before) => ({ status: 'loading', items: before.items }));
            setQuery((before) => ({ ...before, page: before.page + 1 }));
          }}
        >
          {t('photos.more')}
        </Button>
      ) : null}
      {results.status === 'loading' && results.items.length > 0 ? (
        <p role="status" className="text-sm text-zinc-500">
          {t('photos.loading')}
        </p>
      ) : null}
    </div>
  );
}
