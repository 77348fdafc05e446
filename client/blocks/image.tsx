import type { ImageProps } from '#common/schemas/blocks.ts';
import { Picture, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

const WIDTHS = {
  content: { box: 'max-w-3xl', sizes: '(min-width: 800px) 768px, 100vw' },
  wide: { box: 'max-w-6xl', sizes: '(min-width: 1200px) 1152px, 100vw' },
  full: { box: 'max-w-none', sizes: '100vw' },
} as const;

/** One picture with an optional caption (a figure). */
export function ImageBlock({ id, props, ctx }: { id: string; props: ImageProps; ctx: BlockContext }) {
  const width = WIDTHS[props.width];
  const picture = (
    <Picture
      image={props.image}
      ctx={ctx}
      sizes={width.sizes}
      className={props.width === 'full' ? 'max-h-[85vh] w-full object-cover' : 'mx-auto max-h-[85vh] w-auto rounded-(--fp-radius-card)'}
      placeholderClassName="aspect-[16/9]"
    />
  );
  // Nothing to show at the edge without the image (the caption alone would be orphaned).
  if (ctx.mode === 'edge' && (!props.image || !ctx.image(props.image))) return null;
  return (
    <Section id={id} className={props.width === 'full' ? 'px-0 sm:px-0' : ''}>
      <figure className={`mx-auto ${width.box}`}>
        {picture}
        {props.caption && (
          <figcaption className={`mt-3 text-center text-sm text-(--fp-fg-muted) ${props.width === 'full' ? 'px-5' : ''}`}>{props.caption}</figcaption>
        )}
      </figure>
    </Section>
  );
}
