import { withRef, type CtaSectionProps } from '#common/schemas/presentations.ts';
import { isSafeHref } from '#common/schemas/blocks.ts';
import { BUTTON_PRIMARY, HEADING_FONT, Lead, Section } from '#client/blocks/shared.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** The call to action: a booking or sign-up link that carries the author's affiliate code (`?ref=`). */
export function CtaSection({ id, props, ctx }: SectionComponentProps<CtaSectionProps>) {
  const headingId = `${id}-title`;
  const href = withRef(props.href, ctx.refCode);
  return (
    <Section id={id} tone={props.background} labelledBy={headingId}>
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={headingId} className={`${HEADING_FONT} text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl`}>
          {props.heading}
        </h2>
        {props.text && <Lead className="mt-4">{props.text}</Lead>}
        <p className="mt-8">
          <a href={isSafeHref(href) ? href : '#'} className={BUTTON_PRIMARY}>
            {props.label}
          </a>
        </p>
      </div>
    </Section>
  );
}
