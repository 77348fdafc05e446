import { ChartColumn, Check, Clock, Gift, Globe, Heart, Leaf, Shield, Sparkles, Star, Users, Zap, type LucideIcon } from 'lucide-react';
import type { FeatureIcon, FeaturesProps } from '#common/schemas/blocks.ts';
import { HEADING_FONT, HeadedSection, itemHeading } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

export const FEATURE_ICON_COMPONENTS: Record<FeatureIcon, LucideIcon> = {
  check: Check,
  star: Star,
  zap: Zap,
  shield: Shield,
  heart: Heart,
  clock: Clock,
  chart: ChartColumn,
  users: Users,
  globe: Globe,
  sparkles: Sparkles,
  gift: Gift,
  leaf: Leaf,
};

const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;

/** A grid of benefits: icon, title, a sentence or two. */
export function FeaturesBlock({ id, props }: { id: string; props: FeaturesProps; ctx: BlockContext }) {
  const ItemHeading = itemHeading(props.heading !== '');
  return (
    <HeadedSection id={id} heading={props.heading} intro={props.intro}>
      <ul className={`grid gap-6 ${COLUMNS[props.columns]}`}>
        {props.items.map((item, i) => {
          const Icon = item.icon ? FEATURE_ICON_COMPONENTS[item.icon] : null;
          return (
            <li key={i} className="rounded-(--fp-radius-card) bg-(--fp-card) p-6">
              {Icon && (
                <span className="mb-4 flex size-11 items-center justify-center rounded-(--fp-radius) bg-(--fp-primary) text-(--fp-on-primary)">
                  <Icon aria-hidden="true" className="size-5" />
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
