import type { CtaProps } from '#common/schemas/blocks.ts';
import { Buttons, CtaBand } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

/** One call to action: a headline, a sentence and the buttons, on a band of colour. */
export function CtaBlock({ id, props }: { id: string; props: CtaProps; ctx: BlockContext }) {
  return (
    <CtaBand id={id} tone={props.background} heading={props.heading} text={props.text}>
      <Buttons primary={props.primary} secondary={props.secondary} className="mt-8 sm:justify-center" />
    </CtaBand>
  );
}
