import type { HeroSectionProps } from '#common/schemas/presentations.ts';
import { BUTTON_PRIMARY, HEADING_FONT, Picture, Section } from '#client/blocks/shared.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/** The opening: the customer's logo, "Prepared for …", the presentation's headline (the page's only h1) and a picture. */
export function HeroSection({ id, props, doc, ctx }: SectionComponentProps<HeroSectionProps>) {
  const t = useT();
  const headingId = `${id}-title`;
  const logo = doc.logo ? ctx.image(doc.logo) : undefined;
  const cta = doc.sections.find((section) => section.type === 'cta');
  const picture = props.image ? ctx.image(props.image) : undefined;
  const showPicture = picture !== undefined || (ctx.mode !== 'edge' && props.image !== null);
  return (
    <Section id={id} tone={props.background} labelledBy={headingId} className="md:py-24">
      <div className={`mx-auto max-w-6xl ${showPicture ? 'grid items-center gap-10 md:grid-cols-2 md:gap-14' : 'text-center'}`}>
        <div className={showPicture ? '' : 'mx-auto max-w-3xl'}>
          {logo && doc.logo && (
            <img
              src={logo.src}
              width={logo.width}
              height={logo.height}
              alt={doc.logo.alt || t('content.presentation.logoAlt', { customer: doc.customerName })}
              className={`mb-8 h-14 w-auto max-w-[220px] object-contain ${showPicture ? '' : 'mx-auto'}`}
            />
          )}
          <p className="mb-4 text-sm font-semibold tracking-wider text-(--fp-accent) uppercase">
            {props.eyebrow || t('content.presentation.preparedFor', { customer: doc.customerName })}
          </p>
          <h1 id={headingId} className={`${HEADING_FONT} text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl`}>
            {doc.headline}
          </h1>
          {props.subheading && <p className="mt-5 text-lg leading-relaxed whitespace-pre-line text-(--fp-fg-muted) sm:text-xl">{props.subheading}</p>}
          {props.buttonLabel && cta && (
            <p className="mt-8">
              <a href={`#${cta.id}`} className={BUTTON_PRIMARY}>
                {props.buttonLabel}
              </a>
            </p>
          )}
        </div>
        {showPicture && (
          <Picture
            image={props.image}
            ctx={ctx}
            eager
            sizes="(min-width: 768px) 50vw, 100vw"
            className="w-full rounded-(--fp-radius-card) object-cover shadow-lg"
          />
        )}
      </div>
    </Section>
  );
}
