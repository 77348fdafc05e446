import type { LucideIconData } from 'lucide-react';
import type { FeatureIcon, FeaturesProps } from '#common/schemas/blocks.ts';
import { HEADING_FONT, HeadedSection, itemHeading } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';
import { Icon, ICONS } from '#client/blocks/icon.tsx';

export const FEATURE_ICONS: Record<FeatureIcon, LucideIconData> = {
  check: ICONS.check,
  star: ICONS.star,
  zap: ICONS.zap,
  shield: ICONS.shield,
  heart: ICONS.heart,
  clock: ICONS.clock,
  chart: ICONS.chartColumn,
  users: ICONS.users,
  globe: ICONS.globe,
  sparkles: ICONS.sparkles,
  gift: ICONS.gift,
  leaf: ICONS.leaf,
};

const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;

/** A grid of benefits: icon, title, a sentence or two. */
export function FeaturesBlock({ id, props }: { id: string; props: FeaturesProps; ctx: BlockContext }) {
  const ItemHeading = itemHeading(props.heading !== '');
  return (
    <HeadedSection id={id} heading={props.heading} intro={props.intro}>
      <ul className={`grid gap-6 ${COLUMNS[props.columns]}`}>
        {props.items.map((item, i) => {
          const icon = item.icon ? FEATURE_ICONS[item.icon] : null;
          return (
            <li key={i} className="rounded-(--fp-radius-card) bg-(--fp-card) p-6">
              {icon && (
                <span className="mb-4 flex size-11 items-center justify-center rounded-(--fp-radius) bg-(--fp-primary) text-(--fp-on-primary)">
                  <Icon icon={icon} className="size-5" />
                </span>
              )}
              <ItemHeading className={`${HEADING_FONT} text-lg leading-snug font-semibold`}>{item.title}</ItemHeading>
              {item.text && <p className="mt-2 leading-relaxed whitespace-pre-line text-(--fp-fg-muted)">{item.text}</p>}
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}
