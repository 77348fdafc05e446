import type { CtaProps } from '#common/schemas/blocks.ts';
import { Buttons, HEADING_FONT, Lead, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

/** One call to action: a headline, a sentence and the buttons, on a band of colour. */
export function CtaBlock({ id, props }: { id: string; props: CtaProps; ctx: BlockContext }) {
  const headingId = `${id}-title`;
  return (
    <Section id={id} tone={props.background} labelledBy={headingId}>
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={headingId} className={`${HEADING_FONT} text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl`}>
          {props.heading}
        </h2>
        {props.text && <Lead className="mt-4">{props.text}</Lead>}
        <Buttons primary={props.primary} secondary={props.secondary} className="mt-8 sm:justify-center" />
      </div>
    </Section>
  );
}
