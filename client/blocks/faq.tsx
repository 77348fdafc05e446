import { Icon, ICONS } from '#client/blocks/icon.tsx';
import type { FaqProps } from '#common/schemas/blocks.ts';
import { BlockHeading, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

/** Questions as native disclosure widgets (`<details>`): keyboard and screen readers for free, no script. */
export function FaqBlock({ id, props }: { id: string; props: FaqProps; ctx: BlockContext }) {
  const headingId = `${id}-title`;
  return (
    <Section id={id} labelledBy={props.heading ? headingId : undefined}>
      <div className="mx-auto max-w-3xl">
        {props.heading && (
          <BlockHeading id={headingId} className="mb-10 text-center">
            {props.heading}
          </BlockHeading>
        )}
        <div className="divide-y divide-(--fp-border) border-y border-(--fp-border)">
          {props.items.map((item, i) => (
            <details key={i} className="group py-2">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-3 text-lg font-semibold [&::-webkit-details-marker]:hidden">
                <span>{item.question}</span>
                <Icon icon={ICONS.chevronDown} className="size-5 shrink-0 text-(--fp-accent) transition group-open:rotate-180" />
              </summary>
              <p className="pb-4 leading-relaxed whitespace-pre-line text-(--fp-fg-muted)">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </Section>
  );
}
