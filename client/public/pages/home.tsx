import { PLANS, PLAN_ORDER } from '#common/plans.ts';
import { formatEuros, formatNumber } from '#common/format.ts';
import { buttonClass } from '#client/components/button.tsx';
import { Island } from '#client/public/island.tsx';
import LoginLink from '#client/public/islands/login-link.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

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

function AdMock() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-xl">
        <div className="flex items-center gap-2 px-1 pb-3">
          <div className="size-8 rounded-full bg-gradient-to-br from-amber-400 to-rose-500" />
          <div>
            <div className="text-sm font-semibold">northwind.coffee</div>
            <div className="text-xs text-zinc-500">Sponsored</div>
          </div>
        </div>
        <div className="flex aspect-square flex-col justify-between rounded-lg bg-gradient-to-br from-accent-600 via-violet-600 to-fuchsia-500 p-6 text-white">
          <div className="text-xs font-semibold tracking-widest uppercase opacity-80">Autumn roast</div>
          <div>
            <div className="text-3xl leading-tight font-semibold">Wake up to something new.</div>
            <div className="mt-4 inline-flex rounded-full bg-white px-4 py-2 text-sm font-semibold text-accent-700">Shop now</div>
          </div>
        </div>
        <div className="flex items-center justify-between px-1 pt-3 text-sm">
          <span className="font-medium">Learn more</span>
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">Approved</span>
        </div>
      </div>
    </div>
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
              {chrome.signedIn ? (
                <a href="/dashboard" className={buttonClass('primary', 'lg')}>
                  Open your workspace
                </a>
              ) : (
                <Island name="login-link" id="hero-start" component={LoginLink} props={cta} />
              )}
              <a href="/pricing" className={buttonClass('secondary', 'lg')}>
                See pricing
              </a>
            </div>
            <p className="mt-4 text-sm text-zinc-500">Free plan with {PLANS.free.creditsPerMonth} credits a month. No card needed.</p>
          </div>
          <AdMock />
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
