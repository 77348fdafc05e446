import { Check, Presentation } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS } from '#common/plans.ts';
import { buttonClass } from '#client/components/button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const POINTS = ['presentations.upsell.point1', 'presentations.upsell.point2', 'presentations.upsell.point3', 'presentations.upsell.point4'] as const;

/** What a user whose plan has no presentations sees at /presentations: what they are and the plan that has them. */
export function PresentationsUpsell() {
  const t = useT();
  const format = useFormat();
  const agency = PLANS.agency;
  return (
    <>
      <PageHeader title={t('presentations.list.mine.title')} description={t('presentations.upsell.description')} />
      <section
        aria-labelledby="presentations-upsell"
        className="max-w-2xl rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Presentation aria-hidden="true" className="mb-3 size-8 text-accent-600" />
        <h2 id="presentations-upsell" className="text-lg font-semibold">
          {t('presentations.upsell.heading', { plan: agency.name })}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('presentations.upsell.text')}</p>
        <ul className="mt-4 space-y-2 text-sm">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {t(point)}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Link to="/account/billing" className={buttonClass('primary')}>
            {t('presentations.upsell.cta', { plan: agency.name })}
          </Link>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('presentations.upsell.price', { price: format.euros(agency.priceCents), credits: format.number(agency.creditsPerMonth) })}
          </span>
        </div>
      </section>
    </>
  );
}
