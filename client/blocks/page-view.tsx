import { Fragment, useRef, type ReactNode, type SyntheticEvent } from 'react';
import { fontById } from '#common/fonts.ts';
import { contrastRatio, readableOn, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import { parseVideoUrl, type Block, type BlockPropsMap, type BlockType, type PageDocument } from '#common/schemas/blocks.ts';
import { CountdownBlock } from '#client/blocks/countdown.tsx';
import { CtaBlock } from '#client/blocks/cta.tsx';
import { FaqBlock } from '#client/blocks/faq.tsx';
import { FeaturesBlock } from '#client/blocks/features.tsx';
import { FooterBlock } from '#client/blocks/footer.tsx';
import { FormBlock } from '#client/blocks/form.tsx';
import { HeroBlock } from '#client/blocks/hero.tsx';
import { ImageBlock } from '#client/blocks/image.tsx';
import { PricingBlock } from '#client/blocks/pricing.tsx';
import { TestimonialsBlock } from '#client/blocks/testimonials.tsx';
import { TextBlock } from '#client/blocks/text.tsx';
import { useThemeFonts } from '#client/blocks/theme-fonts.ts';
import type { BlockContext } from '#client/blocks/types.ts';
import { VideoBlock } from '#client/blocks/video.tsx';

export type { BlockContext, FormState, ResolvedImage } from '#client/blocks/types.ts';

const RADIUS = {
  none: { control: '0px', card: '0px' },
  small: { control: '4px', card: '6px' },
  medium: { control: '8px', card: '14px' },
  large: { control: '14px', card: '24px' },
} as const;

/** `color` when it reads at WCAG AA (4.5:1) on every one of `backgrounds`, else `fallback`. */
function legible(color: string, backgrounds: string[], fallback: string): string {
  return backgrounds.every((bg) => contrastRatio(color, bg) >= 4.5) ? color : fallback;
}

export type ThemeVariables = Record<`--fp-${string}`, string>;

/**
 * The theme as CSS custom properties (set on the page's root). Besides the theme's own
 * colours: text on the primary colour (`--fp-on-primary`, white or near-black), and the
 * colours used for text on the page (`--fp-muted`, `--fp-link`, `--fp-error`) replaced by
 * the text colour when the chosen one would not reach WCAG AA on the page and its surface.
 */
export function themeStyle(theme: FunnelTheme): ThemeVariables {
  const { primary, background, surface, text, muted } = theme.colors;
  const pageBackgrounds = [background, surface];
  const radius = RADIUS[theme.radius];
  return {
    '--fp-primary': primary,
    '--fp-on-primary': readableOn(primary),
    '--fp-bg': background,
    '--fp-surface': surface,
    '--fp-text': text,
    '--fp-muted': legible(muted, pageBackgrounds, text),
    '--fp-link': legible(primary, pageBackgrounds, text),
    '--fp-error': legible('#b91c1c', pageBackgrounds, legible('#fca5a5', pageBackgrounds, text)),
    '--fp-border': `color-mix(in srgb, ${text} 14%, transparent)`,
    '--fp-border-strong': `color-mix(in srgb, ${text} 45%, ${background})`,
    '--fp-radius': radius.control,
    '--fp-radius-card': radius.card,
    '--fp-heading-font': fontById(theme.fonts.heading).css,
    '--fp-body-font': fontById(theme.fonts.body).css,
  };
}

/**
 * The theme as a CSS rule for `selector` (default: every page root), for the edge's
 * `<style>` in the head: the edge's CSP allows no style attributes, so PageView sets the
 * variables inline only outside the edge. Safe to inline: every value comes from a
 * validated colour or the fixed font list.
 */
export function themeCss(theme: FunnelTheme, selector = '.fp-root'): string {
  const body = Object.entries(themeStyle(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `${selector}{${body}}`;
}

/** True when the page needs the edge's small script: a form, a countdown or a YouTube/Vimeo facade. */
export function pageNeedsScript(document: PageDocument): boolean {
  return document.blocks.some(
    (block) =>
      block.type === 'form' ||
      block.type === 'countdown' ||
      (block.type === 'video' && block.props.source === 'embed' && parseVideoUrl(block.props.url) !== null),
  );
}

/** One block, drawn by its component. With `theme`, in its own themed root (the component sheet). */
export function BlockView({ block, theme, ctx }: { block: Block; theme?: FunnelTheme; ctx: BlockContext }) {
  const view = blockElement(block, ctx);
  if (!theme) return view;
  return (
    <ThemeRoot theme={theme} ctx={ctx}>
      {view}
    </ThemeRoot>
  );
}

/** The component of each block type. */
const BLOCK_COMPONENTS: { [T in BlockType]: (props: { id: string; props: BlockPropsMap[T]; ctx: BlockContext }) => ReactNode } = {
  hero: HeroBlock,
  text: TextBlock,
  image: ImageBlock,
  video: VideoBlock,
  features: FeaturesBlock,
  testimonials: TestimonialsBlock,
  pricing: PricingBlock,
  faq: FaqBlock,
  countdown: CountdownBlock,
  form: FormBlock,
  cta: CtaBlock,
  footer: FooterBlock,
};

/**
 * A block hidden on phones (`hidden.phone`): at the edge gone below the phone breakpoint by the
 * stylesheet alone (no script); in the workspace's previews dimmed there instead, so that it can still be edited.
 */
export const HIDDEN_ON_PHONE = { edge: 'max-sm:hidden', workspace: 'max-sm:opacity-40' } as const;

function blockElement(block: Block, ctx: BlockContext) {
  // The map pairs each type with its component; TypeScript cannot follow the pair through the union.
  const Component = BLOCK_COMPONENTS[block.type] as (props: { id: string; props: Block['props']; ctx: BlockContext }) => ReactNode;
  const view = <Component id={block.id} props={block.props} ctx={ctx} />;
  if (!block.hidden?.phone) return view;
  return <div className={ctx.mode === 'edge' ? HIDDEN_ON_PHONE.edge : HIDDEN_ON_PHONE.workspace}>{view}</div>;
}

/** How the editor's canvas wraps each drawn block (selection, toolbar); absent elsewhere. */
export type RenderBlock = (block: Block, index: number, view: ReactNode) => ReactNode;

/** The class of a themed root (a funnel page's, a presentation's): the theme's variables draw everything inside. */
export const ROOT_CLASS = 'fp-root bg-(--fp-bg) font-(family-name:--fp-body-font) text-base text-(--fp-text) antialiased';

/** In the editor and the sheet, links and forms stay put: leaving the workspace would lose the preview. */
function stayInPreview(event: SyntheticEvent) {
  const target = event.target as Element;
  if (event.type === 'submit') event.preventDefault();
  else if (target.closest?.('a[href]:not([href^="#"])')) event.preventDefault();
}

function ThemeRoot({ theme, ctx, children }: { theme: FunnelTheme; ctx: BlockContext; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  // In the workspace (sheet, editor previews) the fonts are loaded here; the edge has them in its head.
  useThemeFonts(root, theme);
  // At the edge the variables and fonts come from themeCss() and themeFontFaces() in the head (no style attributes under its CSP).
  if (ctx.mode === 'edge') return <div className={ROOT_CLASS}>{children}</div>;
  return (
    <div ref={root} className={ROOT_CLASS} style={themeStyle(theme)} onClickCapture={stayInPreview} onSubmitCapture={stayInPreview}>
      {children}
    </div>
  );
}

/**
 * A whole page: its blocks in order inside `<main>` at the edge (a plain `<div>` in the
 * workspace, which has its own main), the trailing footer blocks after it.
 */
export function PageView({ document, theme, ctx, renderBlock }: { document: PageDocument; theme: FunnelTheme; ctx: BlockContext; renderBlock?: RenderBlock }) {
  const blocks = document.blocks;
  let split = blocks.length;
  while (split > 0 && blocks[split - 1]!.type === 'footer') split -= 1;
  const Main = ctx.mode === 'edge' ? 'main' : 'div';
  // The first block's picture is likely the largest paint: loaded eagerly and first (Picture).
  const leading = { ...ctx, leading: true };
  const draw = (block: Block, index: number) => {
    const view = <BlockView key={block.id} block={block} ctx={index === 0 ? leading : ctx} />;
    return renderBlock ? <Fragment key={block.id}>{renderBlock(block, index, view)}</Fragment> : view;
  };
  return (
    <ThemeRoot theme={theme} ctx={ctx}>
      <Main id={ctx.mode === 'edge' ? 'main' : undefined} className="min-h-0">
        {blocks.slice(0, split).map((block, i) => draw(block, i))}
      </Main>
      {blocks.slice(split).map((block, i) => draw(block, split + i))}
    </ThemeRoot>
  );
}
