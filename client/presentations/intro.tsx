import type { IntroSectionProps } from '#common/schemas/presentations.ts';
import { BlockHeading, Section } from '#client/blocks/shared.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** The author's personal note (the document's intro), signed by the section's signature or the author. */
export function IntroSection({ id, props, doc, ctx }: SectionComponentProps<IntroSectionProps>) {
  const t = useT();
  const headingId = `${id}-title`;
  if (!doc.intro && ctx.mode === 'edge') return null;
  const signature = props.signature || ctx.authorName;
  return (
    <Section id={id} labelledBy={props.heading ? headingId : undefined}>
      <div className="mx-auto max-w-2xl">
        {props.heading && <BlockHeading id={headingId}>{props.heading}</BlockHeading>}
        {doc.intro ? (
          <p className="mt-6 text-lg leading-relaxed whitespace-pre-line">{doc.intro}</p>
        ) : (
          <p className="mt-6 text-lg leading-relaxed text-(--fp-fg-muted) italic">{t('content.presentation.intro.prompt', { customer: doc.customerName })}</p>
        )}
        {signature && <p className="mt-8 font-semibold">— {signature}</p>}
      </div>
    </Section>
  );
}
