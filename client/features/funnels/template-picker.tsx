import { lazy, Suspense, useId, useState } from 'react';
import type { MessageIds } from '#common/i18n/register.ts';
import {
  FUNNEL_TEMPLATE_GOAL,
  FUNNEL_TEMPLATE_IDS,
  PAGE_TEMPLATE_GOAL,
  PAGE_TEMPLATE_IDS,
  TEMPLATE_GOALS,
  type FunnelTemplateId,
  type PageTemplateId,
  type TemplateGoal,
} from '#common/templates/pages/ids.ts';
import { selectClass } from '#client/features/funnels/select-class.ts';
import type { PreviewBrand } from '#client/features/funnels/template-preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

// The preview draws the real blocks (client/blocks) with the template's words: loaded only once the picker shows one.
const TemplatePreview = lazy(() => import('#client/features/funnels/template-preview.tsx').then((m) => ({ default: m.TemplatePreview })));

type Kind = 'page' | 'funnel';
type IdOf<K extends Kind> = K extends 'page' ? PageTemplateId : FunnelTemplateId;

const NAMES: Record<PageTemplateId | FunnelTemplateId, readonly [name: MessageIds, hint: MessageIds]> = {
  'lead-magnet': ['funnels.templates.leadMagnet', 'funnels.templates.leadMagnetHint'],
  webinar: ['funnels.templates.webinar', 'funnels.templates.webinarHint'],
  launch: ['funnels.templates.launch', 'funnels.templates.launchHint'],
  sale: ['funnels.templates.sale', 'funnels.templates.saleHint'],
  waitlist: ['funnels.templates.waitlist', 'funnels.templates.waitlistHint'],
  event: ['funnels.templates.event', 'funnels.templates.eventHint'],
  booking: ['funnels.templates.booking', 'funnels.templates.bookingHint'],
  coupon: ['funnels.templates.coupon', 'funnels.templates.couponHint'],
  'thank-you': ['funnels.templates.thankYou', 'funnels.templates.thankYouHint'],
  'link-in-bio': ['funnels.templates.linkInBio', 'funnels.templates.linkInBioHint'],
  'lead-magnet-funnel': ['funnels.templates.leadMagnetFunnel', 'funnels.templates.leadMagnetFunnelHint'],
  'webinar-funnel': ['funnels.templates.webinarFunnel', 'funnels.templates.webinarFunnelHint'],
  'sale-funnel': ['funnels.templates.saleFunnel', 'funnels.templates.saleFunnelHint'],
};

const GOAL_NAMES: Record<TemplateGoal, MessageIds> = {
  leads: 'funnels.templates.goalLeads',
  sales: 'funnels.templates.goalSales',
  events: 'funnels.templates.goalEvents',
  social: 'funnels.templates.goalSocial',
};

/** A template's name in the interface's language (a new page's title starts as it). */
export function useTemplateName(): (id: PageTemplateId | FunnelTemplateId) => string {
  const t = useT();
  return (id) => t(NAMES[id][0]);
}

const optionClass =
  'grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] gap-x-2 rounded-[var(--radius-control)] border border-zinc-200 p-2.5 text-sm has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-600 dark:border-zinc-700 dark:has-[:checked]:bg-zinc-800';

/**
 * The templates to start a page (or a funnel) from, grouped by goal and filterable by it, with
 * "Blank" first: one radio group (arrow keys move and choose, as in any radio group), and beside
 * it a small preview of the chosen template drawn with the real blocks in the brand.
 */
export function TemplatePicker<K extends Kind>({
  kind,
  value,
  onChange,
  brand,
}: {
  kind: K;
  /** null: blank. */
  value: IdOf<K> | null;
  onChange: (value: IdOf<K> | null) => void;
  brand: PreviewBrand;
}) {
  const t = useT();
  const id = useId();
  const [goal, setGoal] = useState<TemplateGoal | ''>('');
  const ids = (kind === 'page' ? PAGE_TEMPLATE_IDS : FUNNEL_TEMPLATE_IDS) as unknown as readonly IdOf<K>[];
  const goalOf = (template: IdOf<K>): TemplateGoal =>
    kind === 'page' ? PAGE_TEMPLATE_GOAL[template as PageTemplateId] : FUNNEL_TEMPLATE_GOAL[template as FunnelTemplateId];
  const groups = TEMPLATE_GOALS.filter((g) => goal === '' || g === goal)
    .map((g) => ({ goal: g, items: ids.filter((template) => goalOf(template) === g) }))
    .filter((g) => g.items.length > 0);
  const name = `${id}-template`;

  const option = (template: IdOf<K> | null, label: string, hint: string) => (
    <label key={template ?? 'blank'} className={optionClass}>
      <input
        type="radio"
        name={name}
        value={template ?? ''}
        checked={value === template}
        onChange={() => onChange(template)}
        className="row-span-2 mt-0.5 accent-accent-600"
      />
      <span className="font-medium text-zinc-900 dark:text-zinc-100">{label}</span>
      <span className="col-start-2 text-zinc-600 dark:text-zinc-400">{hint}</span>
    </label>
  );

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-3">
        <div>
          <label htmlFor={`${id}-goal`} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('funnels.templates.goal')}
          </label>
          <select
            id={`${id}-goal`}
            value={goal}
            onChange={(e) => setGoal(e.currentTarget.value as TemplateGoal | '')}
            className={`${selectClass} border-zinc-300 dark:border-zinc-700`}
          >
            <option value="">{t('funnels.templates.allGoals')}</option>
            {TEMPLATE_GOALS.map((g) => (
              <option key={g} value={g}>
                {t(GOAL_NAMES[g])}
              </option>
            ))}
          </select>
        </div>
        <div role="radiogroup" aria-label={t('funnels.templates.label')} className="max-h-[22rem] space-y-3 overflow-y-auto p-1">
          {option(
            null,
            t(kind === 'page' ? 'funnels.templates.blankPage' : 'funnels.templates.blankFunnel'),
            t(kind === 'page' ? 'funnels.templates.blankPageHint' : 'funnels.templates.blankFunnelHint'),
          )}
          {groups.map((group) => (
            <div key={group.goal} role="group" aria-labelledby={`${id}-${group.goal}`} className="space-y-2">
              <p id={`${id}-${group.goal}`} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                {t(GOAL_NAMES[group.goal])}
              </p>
              {group.items.map((template) => option(template, t(NAMES[template][0]), t(NAMES[template][1])))}
            </div>
          ))}
        </div>
      </div>
      {value ? (
        <figure className="min-w-0" aria-label={t('funnels.templates.preview', { name: t(NAMES[value][0]) })}>
          <Suspense fallback={<p className="text-sm text-zinc-500">{t('funnels.templates.previewLoading')}</p>}>
            <TemplatePreview kind={kind} template={value} brand={brand} />
          </Suspense>
          <figcaption className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.templates.previewNote')}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}
