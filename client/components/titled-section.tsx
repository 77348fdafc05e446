import type { ReactNode } from 'react';

/**
 * A part of a funnel's or project's screen (Ads, Leads, Analytics): a heading that names the
 * region, its actions beside it (wrapping under it on a phone), then the content.
 */
export function TitledSection({ headingId, title, actions, children }: { headingId: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
