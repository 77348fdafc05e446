import type { HeroProps } from '#common/schemas/blocks.ts';
import { Buttons, HEADING_FONT, Picture, Section } from '#client/blocks/shared.tsx';
import type { BlockContext } from '#client/blocks/types.ts';

// The picture's width (the section's padding: px-5, from 640 px px-8; split: two columns from 768 px, 56 px apart, in 1152 px), so that a phone picks the smallest size sharp enough.
const CENTRED_SIZES = '(min-width: 1088px) 1024px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)';
const SPLIT_SIZES = '(min-width: 1216px) 548px, (min-width: 768px) calc(50vw - 60px), (min-width: 640px) calc(100vw - 64px), calc(100vw - 40px)';

/** The page's opening: the only h1, an optional picture (loaded eagerly: it is the largest paint). */
export function HeroBlock({ id, props, ctx }: { id: string; props: HeroProps; ctx: BlockContext }) {
  const resolved = props.image ? ctx.image(props.image) : undefined;
  // The editor shows where a split hero's picture goes before one is picked.
  const showPicture = resolved !== undefined || (ctx.mode !== 'edge' && (props.layout === 'split' || props.image !== null));
  const split = props.layout === 'split' && showPicture;
  const headingId = `${id}-title`;
  const picture = (
    <Picture
      image={props.image}
      ctx={ctx}
      eager
      sizes={split ? SPLIT_SIZES : CENTRED_SIZES}
      className="w-full rounded-(--fp-radius-card) object-cover shadow-lg"
    />
  );
  return (
    <Section id={id} tone={props.background} labelledBy={headingId} className="md:py-24">
      <div className={`mx-auto max-w-6xl ${split ? 'grid items-center gap-10 md:grid-cols-2 md:gap-14' : 'text-center'}`}>
        <div className={split ? '' : 'mx-auto max-w-3xl'}>
          {props.eyebrow && <p className="mb-4 text-sm font-semibold tracking-wider text-(--fp-accent) uppercase">{props.eyebrow}</p>}
          <h1 id={headingId} className={`${HEADING_FONT} text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl`}>
            {props.heading}
          </h1>
          {props.subheading && <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-(--fp-fg-muted) sm:text-xl">{props.subheading}</p>}
          <Buttons primary={props.primary} secondary={props.secondary} className={`mt-8 ${split ? '' : 'sm:justify-center'}`} />
        </div>
        {showPicture && <div className={split ? '' : 'mx-auto mt-12 max-w-5xl'}>{picture}</div>}
      </div>
    </Section>
  );
}
