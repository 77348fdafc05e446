import type { AdPreviewsSectionProps } from '#common/schemas/presentations.ts';
import { HeadedSection, cardGrid } from '#client/blocks/shared.tsx';
import { InstagramFeedMockup } from '#client/public/pages/ad-mockups.tsx';
import { Placeholder } from '#client/presentations/placeholder.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

/**
 * Ads as they look in the Instagram feed (the preview page's mock-up). Never a link to the ad's
 * shareable preview: that is the customer's approval link (anyone holding it can approve the ad).
 */
export function AdPreviewsSection({ id, props, ctx }: SectionComponentProps<AdPreviewsSectionProps>) {
  const t = useT();
  const items = props.items.map((item) => ({ item, ad: ctx.ad(item.adId) }));
  const shown = ctx.mode === 'edge' ? items.filter((entry) => entry.ad && entry.ad.items.length > 0) : items;
  if (shown.length === 0) return null;
  return (
    <HeadedSection id={id} heading={props.heading} intro={props.intro}>
      <ul className={`grid items-start gap-8 ${cardGrid(shown.length, 'max-w-sm')}`}>
        {shown.map(({ item, ad }, i) => (
          <li key={i} className="mx-auto w-full max-w-sm">
            {ad ? (
              <InstagramFeedMockup ad={ad} />
            ) : (
              <Placeholder label={item.adId === 'pick' ? t('content.presentation.ads.pick') : t('content.presentation.ads.missing')} className="aspect-[4/5]" />
            )}
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
