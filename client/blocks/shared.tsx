import { useT } from '#client/lib/i18n-context.tsx';
import type { ReactNode } from 'react';
import { isSafeHref, type ButtonProps, type ImageRef } from '#common/schemas/blocks.ts';
import type { BlockContext } from '#client/blocks/types.ts';

/**
 * The pieces every block is made of. Colours come from the theme's CSS variables
 * (page-view.tsx); a section's tone sets the foreground, muted, accent and button colours
 * that its content uses (`--fp-fg-muted`, `--fp-accent`, `--fp-btn-bg`, `--fp-btn-fg`), so
 * that text stays legible on the primary colour too. No inline styles: the edge's CSP
 * allows no style attributes.
 */
export type Tone = 'plain' | 'surface' | 'primary';

const TONES: Record<Tone, string> = {
  plain:
    'bg-(--fp-bg) text-(--fp-text) [--fp-fg-muted:var(--fp-muted)] [--fp-accent:var(--fp-link)] [--fp-btn-bg:var(--fp-primary)] [--fp-btn-fg:var(--fp-on-primary)] [--fp-card:var(--fp-surface)]',
  surface:
    'bg-(--fp-surface) text-(--fp-text) [--fp-fg-muted:var(--fp-muted)] [--fp-accent:var(--fp-link)] [--fp-btn-bg:var(--fp-primary)] [--fp-btn-fg:var(--fp-on-primary)] [--fp-card:var(--fp-bg)]',
  primary:
    'bg-(--fp-primary) text-(--fp-on-primary) [--fp-fg-muted:var(--fp-on-primary)] [--fp-accent:var(--fp-on-primary)] [--fp-btn-bg:var(--fp-on-primary)] [--fp-btn-fg:var(--fp-primary)] [--fp-card:var(--fp-bg)]',
};

export function Section({
  id,
  tone = 'plain',
  labelledBy,
  className = '',
  children,
}: {
  id: string;
  tone?: Tone;
  /** The id of the section's heading (then it is a named region). */
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`scroll-mt-4 px-5 py-14 sm:px-8 md:py-20 ${TONES[tone]} ${className}`}>
      {children}
    </section>
  );
}

export const HEADING_FONT = 'font-(family-name:--fp-heading-font)';
const H2_CLASS = `${HEADING_FONT} text-3xl leading-tight font-bold tracking-tight text-balance sm:text-4xl`;

/** A block's title (h2): the page's h1 is the hero's. */
export function BlockHeading({ id, children, className = '' }: { id: string; children: ReactNode; className?: string }) {
  return (
    <h2 id={id} className={`${H2_CLASS} ${className}`}>
      {children}
    </h2>
  );
}

/** The level of items' titles: h3 under a block heading, h2 when the block has none (no skipped levels). */
export function itemHeading(blockHasHeading: boolean): 'h2' | 'h3' {
  return blockHasHeading ? 'h3' : 'h2';
}

export function Lead({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <p className={`text-lg leading-relaxed whitespace-pre-line text-(--fp-fg-muted) ${className}`}>{children}</p>;
}

/** A block's or section's centred heading (`${id}-title`) and intro (either may be empty). */
function SectionIntro({ id, heading, intro }: { id: string; heading: string; intro: string }) {
  if (!heading && !intro) return null;
  return (
    <div className="mx-auto mb-12 max-w-2xl text-center">
      {heading && <BlockHeading id={`${id}-title`}>{heading}</BlockHeading>}
      {intro && <Lead className="mt-4">{intro}</Lead>}
    </div>
  );
}

/**
 * The classes of a list of cards that follow their number, centred under the centred heading:
 * one card of reasonable width (`single`), two columns for two, three for more; one column on a phone.
 */
export function cardGrid(count: number, single = 'max-w-md'): string {
  if (count <= 1) return `mx-auto ${single}`;
  if (count === 2) return 'mx-auto max-w-4xl sm:grid-cols-2';
  return 'sm:grid-cols-2 lg:grid-cols-3';
}

/** Items under an optional centred heading and intro, in a section named by its heading when it has one. */
export function HeadedSection({ id, tone, heading, intro, children }: { id: string; tone?: Tone; heading: string; intro: string; children: ReactNode }) {
  return (
    <Section id={id} tone={tone} labelledBy={heading ? `${id}-title` : undefined}>
      <div className="mx-auto max-w-6xl">
        <SectionIntro id={id} heading={heading} intro={intro} />
        {children}
      </div>
    </Section>
  );
}

/**
 * A call to action on a band of colour: the headline (`${id}-title`, naming the section), a
 * sentence, and what the caller puts below (the page's buttons, the presentation's link).
 */
export function CtaBand({ id, tone, heading, text, children }: { id: string; tone: Tone; heading: string; text: string; children: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <Section id={id} tone={tone} labelledBy={headingId}>
      <div className="mx-auto max-w-3xl text-center">
        <h2 id={headingId} className={H2_CLASS}>
          {heading}
        </h2>
        {text && <Lead className="mt-4">{text}</Lead>}
        {children}
      </div>
    </Section>
  );
}

const BUTTON_BASE =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-(--fp-radius) px-6 py-3 text-base font-semibold leading-tight no-underline transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current';
export const BUTTON_PRIMARY = `${BUTTON_BASE} bg-(--fp-btn-bg) text-(--fp-btn-fg) shadow-sm hover:opacity-90`;
export const BUTTON_SECONDARY = `${BUTTON_BASE} border-2 border-current bg-transparent hover:bg-current/5`;

export function ButtonLink({ button, variant = 'primary', className = '' }: { button: ButtonProps; variant?: 'primary' | 'secondary'; className?: string }) {
  // The schema allows only safe links; a stored document is checked again all the same.
  const href = isSafeHref(button.href) ? button.href : '#';
  return (
    <a href={href} className={`${variant === 'primary' ? BUTTON_PRIMARY : BUTTON_SECONDARY} ${className}`}>
      {button.label}
    </a>
  );
}

export function Buttons({ primary, secondary, className = '' }: { primary: ButtonProps | null; secondary: ButtonProps | null; className?: string }) {
  if (!primary && !secondary) return null;
  return (
    <div className={`flex flex-col gap-3 sm:flex-row sm:flex-wrap ${className}`}>
      {primary && <ButtonLink button={primary} />}
      {secondary && <ButtonLink button={secondary} variant="secondary" />}
    </div>
  );
}

/**
 * An image of the project's library with its intrinsic size (no layout shift), a srcset
 * and lazy loading unless `eager` (the hero's, which is likely the largest paint). An
 * unknown image is left out at the edge and shown as a placeholder in the editor.
 */
export function Picture({
  image,
  ctx,
  sizes,
  eager = false,
  className = '',
  placeholderClassName = 'aspect-[4/3]',
}: {
  image: ImageRef | null;
  ctx: BlockContext;
  sizes: string;
  eager?: boolean;
  className?: string;
  placeholderClassName?: string;
}) {
  const t = useT();
  const resolved = image ? ctx.image(image) : undefined;
  if (!image || !resolved) {
    if (ctx.mode === 'edge') return null;
    return (
      <div
        aria-hidden="true"
        className={`flex w-full items-center justify-center rounded-(--fp-radius-card) border-2 border-dashed border-current/25 bg-current/5 text-sm opacity-70 ${placeholderClassName}`}
      >
        {image ? t('content.image.missing') : t('content.image.none')}
      </div>
    );
  }
  return (
    <img
      src={resolved.src}
      srcSet={resolved.srcSet}
      sizes={resolved.srcSet ? sizes : undefined}
      width={resolved.width}
      height={resolved.height}
      alt={image.alt}
      loading={eager ? undefined : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={`h-auto max-w-full ${className}`}
    />
  );
}

/** A small avatar (testimonials): fixed 48 px box. */
export function Avatar({ image, ctx, name }: { image: ImageRef | null; ctx: BlockContext; name: string }) {
  const resolved = image ? ctx.image(image) : undefined;
  if (!image || !resolved) {
    const initials = name
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part.slice(0, 1).toUpperCase())
      .join('');
    return (
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-(--fp-primary) text-sm font-semibold text-(--fp-on-primary)"
      >
        {initials}
      </span>
    );
  }
  return (
    <img
      src={resolved.src}
      srcSet={resolved.srcSet}
      sizes="48px"
      width={resolved.width}
      height={resolved.height}
      alt={image.alt}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-full object-cover"
    />
  );
}
