import { Download, PencilLine, Sparkles } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FORMATS } from '#common/creative/document.ts';
import { copyOf } from '#common/creative/document.ts';
import type { VariationItem } from '#common/schemas/variations.ts';
import { buttonClass } from '#client/components/button.tsx';
import { CreativePreview } from '#client/creative/preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * The rendered variations to pick from (issue 14, point 7): their thumbnails as one list box
 * (arrow keys, Home and End move the choice, Enter opens it in the editor), and the chosen one
 * large beside it with its copy, a link to the editor and its PNG. A variation that could not be
 * drawn shows its live preview and says its credit came back.
 */
export function VariationPicker({ items, onOpen }: { items: VariationItem[]; onOpen: () => void }) {
  const t = useT();
  const [chosen, setChosen] = useState(0);
  const navigate = useNavigate();
  const options = useRef<(HTMLLIElement | null)[]>([]);
  const current = items[Math.min(chosen, items.length - 1)];
  if (!current) return null;
  const choose = (index: number) => {
    const next = (index + items.length) % items.length;
    setChosen(next);
    options.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: chosen + 1,
      ArrowDown: chosen + 1,
      ArrowLeft: chosen - 1,
      ArrowUp: chosen - 1,
      Home: 0,
      End: items.length - 1,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      choose(to);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen();
      void navigate(`/creatives/${current.id}`);
    }
  };
  const copy = copyOf(current.document);
  const { width, height } = FORMATS[current.format];
  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_18rem]">
      <ul
        role="listbox"
        aria-label={t('creativeEditor.variations.list')}
        className="grid grid-cols-2 content-start gap-3 p-1 sm:grid-cols-4 md:max-h-[60vh] md:overflow-y-auto"
      >
        {items.map((item, i) => (
          <li
            key={item.id}
            ref={(node) => {
              options.current[i] = node;
            }}
            role="option"
            aria-selected={i === chosen}
            aria-label={item.creation ? item.name : t('creativeEditor.variations.notRendered', { name: item.name })}
            tabIndex={i === chosen ? 0 : -1}
            onKeyDown={onKeyDown}
            onClick={() => choose(i)}
            onDoubleClick={() => {
              onOpen();
              void navigate(`/creatives/${item.id}`);
            }}
            className={`cursor-pointer rounded-lg border-2 p-1.5 outline-none focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-zinc-900 ${
              i === chosen ? 'border-accent-600 bg-accent-50 dark:bg-accent-800/20' : 'border-transparent hover:border-zinc-300 dark:hover:border-zinc-600'
            }`}
          >
            {item.creation ? (
              <img
                src={item.creation.thumbnailUrl}
                alt=""
                width={item.creation.width}
                height={item.creation.height}
                loading="lazy"
                className="h-auto w-full rounded bg-zinc-100 shadow-sm dark:bg-zinc-800"
              />
            ) : (
              <CreativePreview doc={item.document} images={item.images} width={200} label={item.name} className="mx-auto" />
            )}
            <span className="mt-1 block truncate text-xs text-zinc-600 dark:text-zinc-400">{t('creativeEditor.variations.number', { number: i + 1 })}</span>
          </li>
        ))}
      </ul>
      <section aria-label={t('creativeEditor.variations.chosen')} className="space-y-3 text-sm">
        <div className="grid place-items-center rounded-lg bg-zinc-100 p-2 dark:bg-zinc-800">
          {current.creation ? (
            <img
              src={current.creation.thumbnailUrl}
              alt={t('creativeEditor.renderedPngOf', { name: current.name })}
              width={width}
              height={height}
              className="h-auto max-h-[40vh] w-auto max-w-full rounded shadow"
            />
          ) : (
            <CreativePreview doc={current.document} images={current.images} width={240} label={current.name} />
          )}
        </div>
        <p className="font-medium">{current.name}</p>
        <dl className="space-y-1 text-zinc-600 dark:text-zinc-400">
          {copy.headline ? (
            <div>
              <dt className="sr-only">{t('creativeEditor.variations.headline')}</dt>
              <dd className="font-medium text-zinc-900 dark:text-zinc-100">{copy.headline}</dd>
            </div>
          ) : null}
          {copy.body ? (
            <div>
              <dt className="sr-only">{t('creativeEditor.variations.body')}</dt>
              <dd>{copy.body}</dd>
            </div>
          ) : null}
          {copy.cta ? (
            <div>
              <dt className="inline">{t('creativeEditor.variations.button')} </dt>
              <dd className="inline">{copy.cta}</dd>
            </div>
          ) : null}
        </dl>
        <p className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {t(current.copySource === 'ai' ? 'creativeEditor.variations.copyAi' : 'creativeEditor.variations.copyTone')}
        </p>
        {current.creation ? null : <p className="text-xs text-amber-700 dark:text-amber-300">{t('creativeEditor.variations.refunded')}</p>}
        <div className="flex flex-col gap-2">
          <Link to={`/creatives/${current.id}`} onClick={onOpen} className={buttonClass('primary', 'md')}>
            <PencilLine className="size-4" aria-hidden="true" /> {t('creativeEditor.variations.open')}
          </Link>
          {current.creation ? (
            <a href={current.creation.downloadUrl} download className={buttonClass('secondary', 'md')}>
              <Download className="size-4" aria-hidden="true" /> {t('creativeEditor.downloadPng')}
            </a>
          ) : null}
        </div>
      </section>
    </div>
  );
}
