import { Check, Presentation } from 'lucide-react';
import { Link } from 'react-router';
import { formatEuros } from '#common/format.ts';
import { PLANS } from '#common/plans.ts';
import { buttonClass } from '#client/components/button.tsx';
import { PageHeader } from '#client/components/page-header.tsx';

const POINTS = [
  'A page of its own for each customer or campaign, at /presents/your-customer',
  'Your creatives, ad previews and funnel pages for them, in their brand',
  'Your offer, testimonials and a booking link with your affiliate code',
  'Optional password and expiry date; see who looked, for how long and how far they read',
];

/** What a user whose plan has no presentations sees at /presentations: what they are and the plan that has them. */
export function PresentationsUpsell() {
  const agency = PLANS.agency;
  return (
    <>
      <PageHeader title="Presentations" description="Personal pitch pages for your customers and campaigns." />
      <section
        aria-labelledby="presentations-upsell"
        className="max-w-2xl rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <Presentation aria-hidden="true" className="mb-3 size-8 text-accent-600" />
        <h2 id="presentations-upsell" className="text-lg font-semibold">
          Presentations come with the {agency.name} plan
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Pitch a new customer with a page made for them, built from the work already in your projects.
        </p>
        <ul className="mt-4 space-y-2 text-sm">
          {POINTS.map((point) => (
            <li key={point} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              {point}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Link to="/account/billing" className={buttonClass('primary')}>
            See the {agency.name} plan
          </Link>
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {formatEuros(agency.priceCents)} / month, with {agency.creditsPerMonth.toLocaleString('en-US')} credits every month
          </span>
        </div>
      </section>
    </>
  );
}
