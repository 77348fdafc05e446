import { withRef, type CtaSectionProps } from '#common/schemas/presentations.ts';
import { isSafeHref } from '#common/schemas/blocks.ts';
import { BUTTON_PRIMARY, CtaBand } from '#client/blocks/shared.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** The call to action: a booking or sign-up link that carries the author's affiliate code (`?ref=`). */
export function CtaSection({ id, props, ctx }: SectionComponentProps<CtaSectionProps>) {
  const href = withRef(props.href, ctx.refCode);
  return (
    <CtaBand id={id} tone={props.background} heading={props.heading} text={props.text}>
      <p className="mt-8">
        <a href={isSafeHref(href) ? href : '#'} className={BUTTON_PRIMARY}>
          {props.label}
        </a>
      </p>
    </CtaBand>
  );
}
