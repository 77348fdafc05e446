import type { ReactNode, SyntheticEvent } from 'react';
import type { PresentationDocument, Section, SectionPropsMap, SectionType } from '#common/schemas/presentations.ts';
import { ROOT_CLASS, themeStyle } from '#client/blocks/page-view.tsx';
import { AdPreviewsSection } from '#client/presentations/ad-previews.tsx';
import { CreativesSection } from '#client/presentations/creatives.tsx';
import { CtaSection } from '#client/presentations/cta.tsx';
import { FunnelPagesSection } from '#client/presentations/funnel-pages.tsx';
import { HeroSection } from '#client/presentations/hero.tsx';
import { IntroSection } from '#client/presentations/intro.tsx';
import { PricingSection } from '#client/presentations/pricing.tsx';
import { TestimonialsSection } from '#client/presentations/testimonials.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { PresentationContext, SectionComponentProps } from '#client/presentations/types.ts';

export type { PresentationContext } from '#client/presentations/types.ts';
export { contextFromResolved } from '#client/presentations/types.ts';

/** The component of each section type. */
const SECTION_COMPONENTS: { [T in SectionType]: (props: SectionComponentProps<SectionPropsMap[T]>) => ReactNode } = {
  hero: HeroSection,
  intro: IntroSection,
  creatives: CreativesSection,
  adPreviews: AdPreviewsSection,
  funnelPages: FunnelPagesSection,
  pricing: PricingSection,
  testimonials: TestimonialsSection,
  cta: CtaSection,
};

/** One section, drawn by its component. */
export function SectionView({ section, doc, ctx }: { section: Section; doc: PresentationDocument; ctx: PresentationContext }) {
  // The map pairs each type with its component; TypeScript cannot follow the pair through the union.
  const Component = SECTION_COMPONENTS[section.type] as (props: SectionComponentProps<Section['props']>) => ReactNode;
  return <Component id={section.id} props={section.props} doc={doc} ctx={ctx} />;
}

/** In the editor and the gallery, links stay put: leaving the workspace would lose the preview. */
function stayInPreview(event: SyntheticEvent) {
  const target = event.target as Element;
  if (target.closest?.('a[href]:not([href^="#"])')) event.preventDefault();
}

/** The themed root: at the edge the variables come from themeCss() in the head (its CSP allows no style attributes). */
export function PresentationRoot({ doc, ctx, children }: { doc: PresentationDocument; ctx: PresentationContext; children: ReactNode }) {
  if (ctx.mode === 'edge') return <div className={ROOT_CLASS}>{children}</div>;
  return (
    <div className={ROOT_CLASS} style={themeStyle(doc.theme)} onClickCapture={stayInPreview}>
      {children}
    </div>
  );
}

/**
 * A whole presentation: its sections in order inside `<main>` at the edge (a `<div>` in the
 * workspace, which has its own main), and a footer naming who prepared it. The same
 * component draws the public page, the gallery and the editor's live preview.
 */
export function PresentationView({ document: doc, ctx }: { document: PresentationDocument; ctx: PresentationContext }) {
  const t = useT();
  const Main = ctx.mode === 'edge' ? 'main' : 'div';
  return (
    <PresentationRoot doc={doc} ctx={ctx}>
      <Main id={ctx.mode === 'edge' ? 'main' : undefined} data-presentation="">
        {doc.sections.map((section) => (
          <SectionView key={section.id} section={section} doc={doc} ctx={ctx} />
        ))}
      </Main>
      <footer className="border-t border-(--fp-border) px-5 py-8 text-center text-sm text-(--fp-fg-muted) sm:px-8 [--fp-fg-muted:var(--fp-muted)]">
        <p>
          {ctx.authorName
            ? t('content.presentation.footerBy', { customer: doc.customerName, author: ctx.authorName })
            : t('content.presentation.footer', { customer: doc.customerName })}
        </p>
      </footer>
    </PresentationRoot>
  );
}
