import { AFFILIATE, CREDIT_COSTS, CREDIT_PACKS, PLANS, PLAN_ORDER } from '#common/plans.ts';
import { formatBytes, formatEuros, formatNumber } from '#common/format.ts';
import { countOf } from '#common/plural.ts';
import { buttonClass } from '#client/components/button.tsx';
import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

/** A buy button that is a real form: it works without JavaScript (POST /billing/checkout). */
function BuyForm({ kind, id, label, className }: { kind: 'plan' | 'pack'; id: string; label: string; className: string }) {
  return (
    <form method="post" action="/billing/checkout">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}

/** `/pricing`: generated from the one constants module (common/plans.ts). */
export function PricingPage({ chrome }: { chrome: PublicChrome }) {
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow="Pricing" title="Pay for what you render">
        Every plan includes previews, approvals, funnels and Instagram publishing. Credits pay for rendering and generating.
      </PageIntro>
      <p className="mx-auto -mt-6 max-w-6xl px-4 pb-10 text-center sm:px-6">
        <a href="/playground" className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
          Not sure yet? Try the editor first: no account, no card →
        </a>
      </p>
      <section aria-label="Plans" className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 sm:px-6 lg:grid-cols-3">
        {PLAN_ORDER.map((id) => {
          const plan = PLANS[id];
          const featured = id === 'pro';
          return (
            <article
              key={id}
              className={`flex flex-col rounded-[var(--radius-card)] border bg-white p-8 shadow-sm ${featured ? 'border-accent-600 ring-1 ring-accent-600' : 'border-zinc-200'}`}
            >
              <div className="flex items-center justify-between">
                <h2 className="text-xl font-semibold text-zinc-900">{plan.name}</h2>
                {featured ? <span className="rounded-full bg-accent-50 px-2.5 py-1 text-xs font-semibold text-accent-700">Most popular</span> : null}
              </div>
              <p className="mt-2 text-sm text-zinc-600">{plan.tagline}</p>
              <p className="mt-6">
                <span className="text-4xl font-semibold tracking-tight text-zinc-900">{formatEuros(plan.priceCents)}</span>
                <span className="text-sm text-zinc-500"> / month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-zinc-700">
                <li>
                  <strong className="font-semibold text-zinc-900">{formatNumber(plan.creditsPerMonth)}</strong> credits every month
                </li>
                <li>{plan.maxProjects === null ? 'Unlimited projects' : `Up to ${plan.maxProjects} projects`}</li>
                <li>{formatBytes(plan.storageBytes)} of media storage</li>
                <li>{plan.customDomains === 0 ? 'Funnels on Adloom addresses' : countOf(plan.customDomains, 'custom domain')}</li>
                <li>{plan.presentations ? 'Presentation pages for pitches' : 'No presentation pages'}</li>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {id === 'free' ? (
                <a href={chrome.signedIn ? '/dashboard' : '/login?tab=signup'} className={buttonClass('secondary', 'lg', 'mt-8 w-full')}>
                  {chrome.signedIn ? 'Open workspace' : 'Start free'}
                </a>
              ) : (
                <BuyForm kind="plan" id={id} label={`Choose ${plan.name}`} className={buttonClass(featured ? 'primary' : 'secondary', 'lg', 'mt-8 w-full')} />
              )}
            </article>
          );
        })}
      </section>

      <section aria-labelledby="packs-title" className="border-t border-zinc-200 bg-zinc-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="packs-title" className="text-2xl font-semibold tracking-tight text-zinc-900">
            Credit packs
          </h2>
          <p className="mt-2 text-zinc-600">For busy months. Purchased credits never expire and are used after your monthly credits.</p>
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            {CREDIT_PACKS.map((pack) => (
              <div key={pack.id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-zinc-900">{formatNumber(pack.credits)} credits</h3>
                <p className="mt-1 text-2xl font-semibold text-zinc-900">{formatEuros(pack.priceCents)}</p>
                <p className="mt-1 text-sm text-zinc-500">{formatEuros(Math.round(pack.priceCents / pack.credits))} per credit, rounded</p>
                <BuyForm
                  kind="pack"
                  id={pack.id}
                  label={`Buy ${formatNumber(pack.credits)} credits`}
                  className={buttonClass('secondary', 'md', 'mt-4 w-full')}
                />
              </div>
            ))}
          </div>
          <dl className="mt-12 grid gap-6 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold text-zinc-900">What costs a credit</dt>
              <dd className="mt-1 text-zinc-600">
                Rendering a creative: {CREDIT_COSTS.render}. Each generated variation: {CREDIT_COSTS.variation}. An AI copy suggestion:{' '}
                {CREDIT_COSTS.aiCopySuggestion}. Publishing is free, and so is rendering an unchanged creative again.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-zinc-900">Monthly credits</dt>
              <dd className="mt-1 text-zinc-600">
                Your plan’s credits are renewed at the start of each billing period; unused monthly credits do not carry over.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-zinc-900">Affiliate programme</dt>
              <dd className="mt-1 text-zinc-600">
                Bring a customer and earn {Math.round(AFFILIATE.commissionRate * 100)} % of their payments for {AFFILIATE.commissionMonths} months, paid out
                from {formatEuros(AFFILIATE.minimumPayoutCents)}.
              </dd>
            </div>
          </dl>
        </div>
      </section>
    </PublicLayout>
  );
}
