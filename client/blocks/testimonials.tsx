import { Icon, ICONS } from '#client/blocks/icon.tsx';
import type { TestimonialsProps } from '#common/schemas/blocks.ts';
import { Avatar, BlockHeading, Section, cardGrid } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** Quotes of customers, with name, role, picture and an optional star rating. */
export function TestimonialsBlock({ id, props, ctx }: { id: string; props: TestimonialsProps; ctx: BlockContext }) {
  const t = useT();
  const headingId = `${id}-title`;
  const single = props.items.length === 1;
  return (
    <Section id={id} tone="surface" labelledBy={props.heading ? headingId : undefined}>
      <div className="mx-auto max-w-6xl">
        {props.heading && (
          <BlockHeading id={headingId} className="mx-auto mb-12 max-w-2xl text-center">
            {props.heading}
          </BlockHeading>
        )}
        <ul className={`grid gap-6 ${cardGrid(props.items.length, 'max-w-2xl')}`}>
          {props.items.map((item, i) => (
            <li key={i} className="flex">
              <figure className="flex w-full flex-col rounded-(--fp-radius-card) bg-(--fp-card) p-6 shadow-sm">
                {item.rating > 0 && (
                  <p className="mb-4 flex gap-0.5 text-(--fp-accent)">
                    <span className="sr-only">{t('content.testimonials.rated', { rating: item.rating })}</span>
                    {Array.from({ length: 5 }, (_, star) => (
                      <Icon key={star} icon={ICONS.star} className={`size-5 ${star < item.rating ? 'fill-current' : 'opacity-30'}`} />
                    ))}
                  </p>
                )}
                <blockquote className={`flex-1 leading-relaxed whitespace-pre-line ${single ? 'text-xl' : 'text-lg'}`}>
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar image={item.avatar} ctx={ctx} name={item.name} />
                  <span className="min-w-0">
                    <span className="block font-semibold">{item.name}</span>
                    {item.role && <span className="block text-sm text-(--fp-fg-muted)">{item.role}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
