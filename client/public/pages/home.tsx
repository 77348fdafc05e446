import { PLANS, PLAN_ORDER } from '#common/plans.ts';
import { buttonClass } from '#client/components/button.tsx';
import { Island } from '#client/public/island.tsx';
import LoginLink from '#client/public/islands/login-link.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { usePageText } from '#client/public/page-text.tsx';
import { SHOWCASE, type ShowcasePicture } from '#client/public/showcase.ts';

/** The four features, by their ids in the `public` catalog (`home.feature.{id}.title`, `.text`, `.point1`–`3`). */
const features = ['creatives', 'previews', 'funnels', 'instagram'] as const;
const points = ['point1', 'point2', 'point3'] as const;

/** A picture of the demo (client/public/showcase.ts): real size attributes, lazy unless it is the first screen's. */
function Shot({ picture, first = false, className = '' }: { picture: ShowcasePicture; first?: boolean; className?: string }) {
  const { t } = usePageText();
  const alt =
    'caption' in picture
      ? t('home.shot.creative', { name: picture.caption })
      : picture.src.includes('ad-preview')
        ? t('home.shot.adPreview')
        : t('home.shot.funnelPage');
  return (
    <img
      src={picture.src}
      width={picture.width}
      height={picture.height}
      alt={alt}
      decoding="async"
      {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      className={`h-auto w-full ${className}`}
    />
  );
}

/** `/`: the landing page. */
export function HomePage({ chrome }: { chrome: PublicChrome }) {
  const { t, href, euros, number } = usePageText();
  const cta = { label: t('chrome.startFree'), look: 'button-lg' as const, next: '/dashboard', tab: 'signup' as const };
  return (
    <PublicLayout chrome={chrome}>
      <section className="bg-gradient-to-b from-accent-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t('home.eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-6xl">{t('home.title')}</h1>
            <p className="mt-6 max-w-xl text-lg text-pretty text-zinc-600">{t('home.lead')}</p>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <a href={href('/playground')} className={buttonClass('primary', 'lg')}>
                {t('home.tryEditor')}
              </a>
              {chrome.signedIn ? (
                <a href="/dashboard" className={buttonClass('secondary', 'lg')}>
                  {t('home.openWorkspace')}
                </a>
              ) : (
                <Island name="login-link" id="hero-start" component={LoginLink} props={{ ...cta, look: 'button-lg-secondary' }} />
              )}
            </div>
            <p className="mt-4 text-sm text-zinc-500">{t('home.freeNote', { credits: number(PLANS.free.creditsPerMonth) })}</p>
          </div>
          <figure className="mx-auto w-full max-w-sm">
            {/* Room inside the rounded frame: the screenshot's "Instagram feed" label sits at its very corner and was cropped. */}
            <div className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-zinc-50 p-3 shadow-xl sm:p-4">
              <Shot picture={SHOWCASE['ad-preview']} first />
            </div>
            <figcaption className="mt-3 text-center text-sm text-zinc-500">{t('home.heroCaption')}</figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="showcase-title" className="border-y border-zinc-200 bg-zinc-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="showcase-title" className="max-w-2xl text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">
            {t('home.showcase.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-zinc-600">{t('home.showcase.lead')}</p>
          <div className="mt-10 grid items-start gap-8 sm:grid-cols-2 lg:grid-cols-3">
            <figure>
              <Shot picture={SHOWCASE['creative-square']} className="rounded-[var(--radius-card)] shadow-md" />
              <figcaption className="mt-3 text-sm text-zinc-600">
                <strong className="font-semibold text-zinc-900">{t('home.showcase.square.strong')}</strong>
                {t('home.showcase.square.rest')}
              </figcaption>
            </figure>
            <figure>
              <Shot picture={SHOWCASE['creative-portrait']} className="rounded-[var(--radius-card)] shadow-md" />
              <figcaption className="mt-3 text-sm text-zinc-600">
                <strong className="font-semibold text-zinc-900">{t('home.showcase.portrait.strong')}</strong>
                {t('home.showcase.portrait.rest')}
              </figcaption>
            </figure>
            <figure className="sm:col-span-2 lg:col-span-1">
              <div className="mx-auto max-w-[260px] overflow-hidden rounded-[2rem] border-8 border-zinc-900 bg-white shadow-md">
                <Shot picture={SHOWCASE['funnel-page']} />
              </div>
              <figcaption className="mt-3 text-sm text-zinc-600">
                <strong className="font-semibold text-zinc-900">{t('home.showcase.funnel.strong')}</strong>
                {t('home.showcase.funnel.rest')}
              </figcaption>
            </figure>
          </div>
          <p className="mt-10">
            <a href={href('/playground')} className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
              {t('home.showcase.playground')}
            </a>
          </p>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <h2 id="features-title" className="max-w-2xl text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">
          {t('home.features.title')}
        </h2>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {features.map((feature) => (
            <article key={feature} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
              <h3 className="text-xl font-semibold text-zinc-900">{t(`home.feature.${feature}.title`)}</h3>
              <p className="mt-3 text-zinc-600">{t(`home.feature.${feature}.text`)}</p>
              <ul className="check-list mt-5 space-y-2 text-sm text-zinc-700">
                {points.map((point) => (
                  <li key={point}>{t(`home.feature.${feature}.${point}`)}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="pricing-teaser-title" className="border-y border-zinc-200 bg-zinc-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="pricing-teaser-title" className="text-3xl font-semibold tracking-tight text-zinc-900">
                {t('home.pricing.title')}
              </h2>
              <p className="mt-2 text-zinc-600">{t('home.pricing.lead')}</p>
            </div>
            <a href={href('/pricing')} className={buttonClass('secondary', 'md')}>
              {t('home.pricing.compare')}
            </a>
          </div>
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            {PLAN_ORDER.map((id) => {
              const plan = PLANS[id];
              return (
                <div key={id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6">
                  <h3 className="font-semibold text-zinc-900">{plan.name}</h3>
                  <p className="mt-2">
                    <span className="text-3xl font-semibold text-zinc-900">{euros(plan.priceCents)}</span>
                    <span className="text-sm text-zinc-500">{t('pricing.perMonth')}</span>
                  </p>
                  <p className="mt-2 text-sm text-zinc-600">{t('pricing.creditsMonthly', { credits: number(plan.creditsPerMonth) })}</p>
                </div>
              );
            })}
          </div>
          <p className="mt-4 text-sm text-zinc-500">{t('pricing.vat')}</p>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-4xl">{t('home.closing.title')}</h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-zinc-600">{t('home.closing.lead')}</p>
        <div className="mt-8 flex justify-center">
          {chrome.signedIn ? (
            <a href="/dashboard" className={buttonClass('primary', 'lg')}>
              {t('home.openWorkspace')}
            </a>
          ) : (
            <Island name="login-link" id="footer-start" component={LoginLink} props={cta} />
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
