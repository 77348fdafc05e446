import type { CreativesSectionProps } from '#common/schemas/presentations.ts';
import { HeadedSection, cardGrid } from '#client/blocks/shared.tsx';
import { Placeholder } from '#client/presentations/placeholder.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** Selected rendered creatives in a grid, each with its caption. */
export function CreativesSection({ id, props, ctx }: SectionComponentProps<CreativesSectionProps>) {
  const t = useT();
  const items = props.items.map((item) => ({ item, image: ctx.creation(item.creationId) }));
  const shown = ctx.mode === 'edge' ? items.filter((entry) => entry.image) : items;
  if (shown.length === 0) return null;
  return (
    <HeadedSection id={id} tone="surface" heading={props.heading} intro={props.intro}>
      <ul className={`grid gap-6 ${cardGrid(shown.length)}`}>
        {shown.map(({ item, image }, i) => (
          <li key={i}>
            <figure>
              {image ? (
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt={item.caption || image.name}
                  loading="lazy"
                  decoding="async"
                  className="h-auto w-full rounded-(--fp-radius-card) shadow-md"
                />
              ) : (
                <Placeholder label={item.creationId === 'pick' ? t('content.presentation.creatives.pick') : t('content.presentation.creatives.missing')} />
              )}
              {item.caption && <figcaption className="mt-3 text-center text-sm text-(--fp-fg-muted)">{item.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
