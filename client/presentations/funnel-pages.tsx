import { ExternalLink } from 'lucide-react';
import type { FunnelPagesSectionProps } from '#common/schemas/presentations.ts';
import { Picture, HeadedSection, cardGrid, itemHeading } from '#client/blocks/shared.tsx';
import { Placeholder } from '#client/presentations/placeholder.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

function hostAndPath(url: string): string {
  try {
    const parsed = new URL(url, 'https://adloom.local');
    return parsed.host === 'adloom.local' ? parsed.pathname : `${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** Landing pages of the customer's funnels: a screenshot (or a browser-frame card) and a link to the live page. */
export function FunnelPagesSection({ id, props, ctx }: SectionComponentProps<FunnelPagesSectionProps>) {
  const t = useT();
  const items = props.items.map((item) => ({ item, page: ctx.page(item.pageId) }));
  const shown = ctx.mode === 'edge' ? items.filter((entry) => entry.page) : items;
  if (shown.length === 0) return null;
  const Title = itemHeading(props.heading !== '');
  return (
    <HeadedSection id={id} tone="surface" heading={props.heading} intro={props.intro}>
      <ul className={`grid gap-8 ${cardGrid(shown.length, 'max-w-2xl')}`}>
        {shown.map(({ item, page }, i) => (
          <li key={i} className="flex flex-col overflow-hidden rounded-(--fp-radius-card) bg-(--fp-card) shadow-md">
            <div aria-hidden="true" className="flex items-center gap-1.5 border-b border-(--fp-border) px-4 py-2.5">
              <span className="size-2.5 rounded-full bg-current opacity-20" />
              <span className="size-2.5 rounded-full bg-current opacity-20" />
              <span className="size-2.5 rounded-full bg-current opacity-20" />
              <span className="ml-3 truncate text-xs text-(--fp-fg-muted)">
                {page?.url ? hostAndPath(page.url) : t('content.presentation.pages.unpublished')}
              </span>
            </div>
            {item.screenshot ? (
              <Picture image={item.screenshot} ctx={ctx} sizes="(min-width: 640px) 50vw, 100vw" className="w-full" placeholderClassName="aspect-[16/10]" />
            ) : null}
            <div className="flex flex-1 flex-col gap-2 p-6">
              {page ? (
                <>
                  <Title className="text-xl font-semibold">{page.title}</Title>
                  <p className="text-sm text-(--fp-fg-muted)">{page.funnelTitle}</p>
                </>
              ) : (
                <Placeholder
                  label={item.pageId === 'pick' ? t('content.presentation.pages.pick') : t('content.presentation.pages.missing')}
                  className="aspect-[16/6]"
                />
              )}
              {item.caption && <p className="leading-relaxed">{item.caption}</p>}
              {props.liveLinks && page?.url && (
                <p className="mt-auto pt-2">
                  <a
                    href={page.url}
                    className="inline-flex items-center gap-1.5 font-semibold text-(--fp-accent) underline underline-offset-2 hover:no-underline"
                  >
                    {t('content.presentation.pages.openLive')}
                    <span className="sr-only">: {page.title}</span>
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
