import type { PricingSectionProps } from '#common/schemas/presentations.ts';
import { PricingBlock } from '#client/blocks/pricing.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** The pricing offer: the funnel pages' pricing block, in the presentation's theme. */
export function PricingSection({ id, props, ctx }: SectionComponentProps<PricingSectionProps>) {
  return <PricingBlock id={id} props={props} ctx={ctx} />;
}
