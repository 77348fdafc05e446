import type { TestimonialsSectionProps } from '#common/schemas/presentations.ts';
import { TestimonialsBlock } from '#client/blocks/testimonials.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** Quotes of customers: the funnel pages' testimonials block, in the presentation's theme. */
export function TestimonialsSection({ id, props, ctx }: SectionComponentProps<TestimonialsSectionProps>) {
  return <TestimonialsBlock id={id} props={props} ctx={ctx} />;
}
