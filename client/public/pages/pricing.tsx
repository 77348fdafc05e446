import { AFFILIATE, CREDIT_COSTS, CREDIT_PACKS, PLANS, PLAN_ORDER } from '#common/plans.ts';
import { formatBytes } from '#common/format.ts';
import { buttonClass } from '#client/components/button.tsx';
import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { usePageText } from '#client/public/page-text.tsx';

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
  const { t, href, euros, number } = usePageText();
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow={t('pricing.eyebrow')} title={t('pricing.title')}>
        {t('pricing.lead')}
      </PageIntro>
      <p className="mx-auto -mt-6 max-w-6xl px-4 pb-10 text-center sm:px-6">
        <a href={href('/playground')} className="font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800">
          {t('pricing.tryFirst')}
        </a>
      </p>
      <section aria-label={t('pricing.plans')} className="mx-auto grid max-w-6xl gap-6 px-4 pb-6 sm:px-6 lg:grid-cols-3">
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
                {featured ? <span className="rounded-full bg-accent-50 px-2.5 py-1 text-xs font-semibold text-accent-700">{t('pricing.popular')}</span> : null}
              </div>
              <p className="mt-2 text-sm text-zinc-600">{plan.tagline}</p>
              <p className="mt-6">
                <span className="text-4xl font-semibold tracking-tight text-zinc-900">{euros(plan.priceCents)}</span>
                <span className="text-sm text-zinc-500">{t('pricing.perMonth')}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-zinc-700">
                <li>
                  <strong className="font-semibold text-zinc-900">{number(plan.creditsPerMonth)}</strong>
                  {t('pricing.creditsMonthlyRest')}
                </li>
                <li>{plan.maxProjects === null ? t('pricing.unlimitedProjects') : t('pricing.maxProjects', { count: plan.maxProjects })}</li>
                <li>{t('pricing.storage', { size: formatBytes(plan.storageBytes) })}</li>
                <li>{plan.customDomains === 0 ? t('pricing.noDomains') : t('pricing.domains', { count: plan.customDomains })}</li>
                <li>{plan.presentations ? t('pricing.presentations') : t('pricing.noPresentations')}</li>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {id === 'free' ? (
                <a href={chrome.signedIn ? '/dashboard' : `${href('/login')}?tab=signup`} className={buttonClass('secondary', 'lg', 'mt-8 w-full')}>
                  {chrome.signedIn ? t('chrome.openWorkspace') : t('chrome.startFree')}
                </a>
              ) : (
                <BuyForm
                  kind="plan"
                  id={id}
                  label={t('pricing.choose', { plan: plan.name })}
                  className={buttonClass(featured ? 'primary' : 'secondary', 'lg', 'mt-8 w-full')}
                />
              )}
            </article>
          );
        })}
      </section>
      <p className="mx-auto max-w-6xl px-4 pb-16 text-center text-sm text-zinc-500 sm:px-6">{t('pricing.vat')}</p>

      <section aria-labelledby="packs-title" className="border-t border-zinc-200 bg-zinc-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="packs-title" className="text-2xl font-semibold tracking-tight text-zinc-900">
            {t('pricing.packs.title')}
          </h2>
          <p className="mt-2 text-zinc-600">{t('pricing.packs.lead')}</p>
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            {CREDIT_PACKS.map((pack) => (
              <div key={pack.id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-zinc-900">{t('pricing.pack.credits', { credits: number(pack.credits) })}</h3>
                <p className="mt-1 text-2xl font-semibold text-zinc-900">{euros(pack.priceCents)}</p>
                <p className="mt-1 text-sm text-zinc-500">{t('pricing.pack.perCredit', { price: euros(Math.round(pack.priceCents / pack.credits)) })}</p>
                <BuyForm
                  kind="pack"
                  id={pack.id}
                  label={t('pricing.pack.buy', { credits: number(pack.credits) })}
                  className={buttonClass('secondary', 'md', 'mt-4 w-full')}
                />
              </div>
            ))}
          </div>
          <dl className="mt-12 grid gap-6 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-semibold text-zinc-900">{t('pricing.costs.title')}</dt>
              <dd className="mt-1 text-zinc-600">
                {t('pricing.costs.text', { render: CREDIT_COSTS.render, variation: CREDIT_COSTS.variation, copy: CREDIT_COSTS.aiCopySuggestion })}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-zinc-900">{t('pricing.monthly.title')}</dt>
              <dd className="mt-1 text-zinc-600">{t('pricing.monthly.text')}</dd>
            </div>
            <div>
              <dt className="font-semibold text-zinc-900">{t('pricing.affiliate.title')}</dt>
              <dd className="mt-1 text-zinc-600">
                {t('pricing.affiliate.text', {
                  rate: Math.round(AFFILIATE.commissionRate * 100),
                  months: AFFILIATE.commissionMonths,
                  minimum: euros(AFFILIATE.minimumPayoutCents),
                })}
              </dd>
            </div>
          </dl>
        </div>
      </section>
    </PublicLayout>
  );
}
