import { Icon, ICONS } from '#client/blocks/icon.tsx';
import type { PricingProps } from '#common/schemas/blocks.ts';
import { ButtonLink, HEADING_FONT, HeadedSection, itemHeading } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

const COLUMNS = ['', 'mx-auto max-w-md', 'md:grid-cols-2 max-w-4xl mx-auto', 'md:grid-cols-2 lg:grid-cols-3', 'md:grid-cols-2 lg:grid-cols-4'] as const;

/** Plans side by side; the highlighted one stands out in the primary colour. */
export function PricingBlock({ id, props }: { id: string; props: PricingProps; ctx: BlockContext }) {
  const PlanHeading = itemHeading(props.heading !== '');
  return (
    <HeadedSection id={id} heading={props.heading} intro={props.intro}>
      <ul className={`grid items-stretch gap-6 ${COLUMNS[props.plans.length] ?? COLUMNS[4]}`}>
        {props.plans.map((plan, i) => (
          <li
            key={i}
            className={`flex flex-col rounded-(--fp-radius-card) p-6 sm:p-8 ${
              plan.highlighted
                ? 'bg-(--fp-primary) text-(--fp-on-primary) shadow-xl [--fp-fg-muted:var(--fp-on-primary)] [--fp-accent:var(--fp-on-primary)] [--fp-btn-bg:var(--fp-on-primary)] [--fp-btn-fg:var(--fp-primary)]'
                : 'border border-(--fp-border) bg-(--fp-bg) text-(--fp-text)'
            }`}
          >
            <PlanHeading className={`${HEADING_FONT} text-lg font-semibold`}>{plan.name}</PlanHeading>
            {plan.description && <p className="mt-1 text-sm text-(--fp-fg-muted)">{plan.description}</p>}
            <p className="mt-6 flex flex-wrap items-baseline gap-x-2">
              <span className={`${HEADING_FONT} text-4xl font-bold tracking-tight`}>{plan.price}</span>
              {plan.period && <span className="text-sm text-(--fp-fg-muted)">{plan.period}</span>}
            </p>
            {plan.features.length > 0 && (
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature, j) => (
                  <li key={j} className="flex gap-3">
                    <Icon icon={ICONS.check} className="mt-0.5 size-5 shrink-0 text-(--fp-accent)" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            )}
            {plan.button && <ButtonLink button={plan.button} className="mt-8 w-full" />}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
