import { PLANS, PLAN_ORDER } from '#common/plans.ts';
import { formatEuros, formatNumber } from '#common/format.ts';
import { buttonClass } from '#client/components/button.tsx';
import { Island } from '#client/public/island.tsx';
import LoginLink from '#client/public/islands/login-link.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { SHOWCASE, type ShowcasePicture } from '#client/public/showcase.ts';

const features = [
  {
    title: 'Creatives in every size',
    text: 'Start from a template that already wears your customer’s colours, fonts and logo. Switch between square, portrait, story and landscape; the layout follows. Render crisp PNGs in seconds.',
    points: ['Brand kit per customer', 'Templates that adapt', 'Versions you can restore'],
  },
  {
    title: 'Previews your customers approve',
    text: 'Send one link. Your customer sees the ad exactly as it will appear in the Instagram feed, stories, reels and the Facebook feed, and approves it or asks for changes right there.',
    points: ['Pixel-faithful mock-ups', 'Approve, comment, request changes', 'Email when they answer'],
  },
  {
    title: 'Funnels that load instantly',
    text: 'Build landing pages from blocks (hero, features, testimonials, pricing, forms) and publish them to the edge. Visitors anywhere get the page in milliseconds; you get the leads.',
    points: ['A/B tests without flicker', 'Leads and conversion per page', 'Your own domain'],
  },
  {
    title: 'Publishing to Instagram',
    text: 'Connect the customer’s Instagram professional account once. Publish an approved ad now or schedule it; Adloom posts it exactly once and tells you if anything goes wrong.',
    points: ['Scheduling', 'Retries with a clear reason', 'Tokens stored encrypted'],
  },
];

/** A picture of the demo (client/public/showcase.ts): real size attributes, lazy unless it is the first screen's. */
function Shot({ picture, first = false, className = '' }: { picture: ShowcasePicture; first?: boolean; className?: string }) {
  return (
    <img
      src={picture.src}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      decoding="async"
      {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      className={`h-auto w-full ${className}`}
    />
  );
}

/** `/`: the landing page. */
export function HomePage({ chrome }: { chrome: PublicChrome }) {
  const cta = { label: 'Start free', look: 'button-lg' as const, next: '/dashboard', tab: 'signup' as const };
  return (
    <PublicLayout chrome={chrome}>
      <section className="bg-gradient-to-b from-accent-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">For marketing teams and small agencies</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-6xl">From brand kit to approved ad to live funnel.</h1>
            <p className="mt-6 max-w-xl text-lg text-pretty text-zinc-600">
              Adloom keeps each customer’s brand and media in one place, turns them into ad creatives, gets them approved on a shareable preview, publishes to
              Instagram and sends the clicks to landing pages served from the edge.
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <a href="/playground" className={buttonClass('primary', 'lg')}>
                Try the editor now
              </a>
              {chrome.signedIn ? (
                <a href="/dashboard" className={buttonClass('secondary', 'lg')}>
                  Open your workspace
                </a>
              ) : (
                <Island name="login-link" id="hero-start" component={LoginLink} props={{ ...cta, look: 'button-lg-secondary' }} />
              )}
            </div>
            <p className="mt-4 text-sm text-zinc-500">
              The editor works without an account. The free plan comes with {PLANS.free.creditsPerMonth} credits a month, no card needed.
            </p>
          </div>
          <figure className="mx-auto w-full max-w-sm">
            {/* Room inside the rounded frame: the screenshot's "Instagram feed" label sits at its very corner and was cropped. */}
            <div className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 bg-zinc-50 p-3 shadow-xl sm:p-4">
              <Shot picture={SHOWCASE['ad-preview']} first />
            </div>
            <figcaption className="mt-3 text-center text-sm text-zinc-500">A real preview link from the demo: the customer approves it right there.</figcaption>
          </figure>
        </div>
      </section>

      <section aria-labelledby="showcase-title" className="border-y border-zinc-200 bg-zinc-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="showcase-title" className="max-w-2xl text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">
            Made in Adloom, not mocked up
          </h2>
          <p className="mt-3 max-w-2xl text-zinc-600">
            These pictures come from Adloom’s demo workspace, a coffee roaster’s spring campaign, rendered and served by Adloom itself.
          </p>
          <div className="mt-10 grid items-start gap-8 sm:grid-cols-2 lg:grid-cols-3">
            <figure>
              <Shot picture={SHOWCASE['creative-square']} className="rounded-[var(--radius-card)] shadow-md" />
              <figcaption className="mt-3 text-sm text-zinc-600">
                <strong className="font-semibold text-zinc-900">A square creative</strong> from a template in the customer’s brand kit, rendered to PNG.
              </figcaption>
            </figure>
            <figure>
              <Shot picture={SHOWCASE['creative-portrait']} className="rounded-[var(--radius-card)] shadow-md" />
              <figcaption className="mt-3 text-sm text-zinc-600">
                <strong className="font-semibold text-zinc-900">A customer’s testimonial in portrait</strong>: the same campaign’s fonts and colours, a quote
                the template sets to fit.
              </figcaption>
            </figure>
            <figure className="sm:col-span-2 lg:col-span-1">
              <div className="mx-auto max-w-[260px] overflow-hidden rounded-[2rem] border-8 border-zinc-900 bg-white shadow-md">
                <Shot picture={SHOWCASE['funnel-page']} />
              </div>
              <figcaption className="mt-3 text-sm text-zinc-600">
                <strong className="font-semibold text-zinc-900">Its landing page on a phone</strong>: built from blocks, served from the edge with no JavaScript
                but the form’s few lines, and an A/B test on the headline.
              </figcaption>
            </figure>
          </div>
          <p className="mt-10">
            <a href="/playground" className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
              Make your own creative in the playground, no account needed →
            </a>
          </p>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <h2 id="features-title" className="max-w-2xl text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">
          Everything between the brief and the result
        </h2>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {features.map((feature) => (
            <article key={feature.title} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
              <h3 className="text-xl font-semibold text-zinc-900">{feature.title}</h3>
              <p className="mt-3 text-zinc-600">{feature.text}</p>
              <ul className="check-list mt-5 space-y-2 text-sm text-zinc-700">
                {feature.points.map((point) => (
                  <li key={point}>{point}</li>
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
                Simple plans, paid in credits
              </h2>
              <p className="mt-2 text-zinc-600">Rendering and generating cost credits; previews, funnels and publishing do not.</p>
            </div>
            <a href="/pricing" className={buttonClass('secondary', 'md')}>
              Compare plans
            </a>
          </div>
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            {PLAN_ORDER.map((id) => {
              const plan = PLANS[id];
              return (
                <div key={id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6">
                  <h3 className="font-semibold text-zinc-900">{plan.name}</h3>
                  <p className="mt-2">
                    <span className="text-3xl font-semibold text-zinc-900">{formatEuros(plan.priceCents)}</span>
                    <span className="text-sm text-zinc-500"> / month</span>
                  </p>
                  <p className="mt-2 text-sm text-zinc-600">{formatNumber(plan.creditsPerMonth)} credits every month</p>
                </div>
              );
            })}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-semibold tracking-tight text-balance text-zinc-900 sm:text-4xl">Your next campaign, approved by Friday.</h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-zinc-600">
          Create your first project in a minute. Invite the customer when the first preview is ready.
        </p>
        <div className="mt-8 flex justify-center">
          {chrome.signedIn ? (
            <a href="/dashboard" className={buttonClass('primary', 'lg')}>
              Open your workspace
            </a>
          ) : (
            <Island name="login-link" id="footer-start" component={LoginLink} props={cta} />
          )}
        </div>
      </section>
    </PublicLayout>
  );
}
