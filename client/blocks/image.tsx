import type { ImageProps } from '#common/schemas/blocks.ts';
import { Picture, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

// The picture's width on the page (the section's padding: px-5, from 640 px px-8), so that a phone picks the smallest size that is sharp enough.
const WIDTHS = {
  content: { box: 'max-w-3xl', sizes: '(min-width: 832px) 768px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)' },
  wide: { box: 'max-w-6xl', sizes: '(min-width: 1216px) 1152px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)' },
  full: { box: 'max-w-none', sizes: '100vw' },
} as const;

/** One picture with an optional caption (a figure). */
export function ImageBlock({ id, props, ctx }: { id: string; props: ImageProps; ctx: BlockContext }) {
  const width = WIDTHS[props.width];
  const picture = (
    <Picture
      image={props.image}
      ctx={ctx}
      eager={ctx.leading === true}
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
