import type { TextProps } from '#common/schemas/blocks.ts';
import { MarkdownLite } from '#client/blocks/markdown.tsx';
import { Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

/** Running text: a readable measure (about 70 characters), markdown subset. */
export function TextBlock({ id, props }: { id: string; props: TextProps; ctx: BlockContext }) {
  return (
    <Section id={id}>
      <div className={`mx-auto max-w-2xl text-lg leading-relaxed ${props.align === 'center' ? 'text-center' : ''}`}>
        <MarkdownLite source={props.markdown} />
      </div>
    </Section>
  );
}
