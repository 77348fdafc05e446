import { useId, useRef, useState } from 'react';
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
import { Button } from '#client/components/button.tsx';
import { SearchBox } from '#client/components/search-box.tsx';
import { selectClass } from '#client/features/funnels/select-class.ts';
import { PreviewPanel, ThumbnailSlot, usePreviewChunk } from '#client/features/funnels/template-art.tsx';
import type { PreviewBrand } from '#client/features/funnels/template-preview.tsx';
import { matchesAll, searchWords } from '#client/features/funnels/template-search.ts';
import { useT } from '#client/lib/i18n-context.tsx';

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
  'grid cursor-pointer grid-cols-[auto_auto_minmax(0,1fr)] content-start gap-x-3 rounded-[var(--radius-control)] border border-zinc-200 p-2.5 text-sm has-[>input:checked]:border-accent-600 has-[>input:checked]:bg-accent-50 has-[>input:focus-visible]:outline-2 has-[>input:focus-visible]:outline-offset-2 has-[>input:focus-visible]:outline-accent-600 dark:border-zinc-700 dark:has-[>input:checked]:bg-zinc-800';

/**
 * The templates to start a page (or a funnel) from, grouped by goal, filtered by goal and by a
 * search of their names, descriptions and goals, with "Blank" first: one radio group (arrow keys
 * move and choose, as in any radio group). Each option shows its first screen in the brand (drawn
 * when it comes near the screen), and beside the list the chosen template is drawn larger.
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
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const chunk = usePreviewChunk();
  const words = searchWords(query);
  const ids = (kind === 'page' ? PAGE_TEMPLATE_IDS : FUNNEL_TEMPLATE_IDS) as unknown as readonly IdOf<K>[];
  const goalOf = (template: IdOf<K>): TemplateGoal =>
    kind === 'page' ? PAGE_TEMPLATE_GOAL[template as PageTemplateId] : FUNNEL_TEMPLATE_GOAL[template as FunnelTemplateId];
  const groups = TEMPLATE_GOALS.filter((g) => goal === '' || g === goal)
    .map((g) => ({
      goal: g,
      items: ids.filter((template) => goalOf(template) === g && matchesAll(words, [...NAMES[template].map((m) => t(m)), t(GOAL_NAMES[g])])),
    }))
    .filter((g) => g.items.length > 0);
  const name = `${id}-template`;
  const clear = () => {
    setQuery('');
    setGoal('');
    search.current?.focus();
  };

  const option = (template: IdOf<K> | null, label: string, hint: string) => (
    <label key={template ?? 'blank'} className={optionClass}>
      <input
        type="radio"
        name={name}
        value={template ?? ''}
        checked={value === template}
        onChange={() => onChange(template)}
        className="row-span-2 row-start-1 mt-0.5 accent-accent-600"
      />
      <span className="col-start-3 row-start-1 font-medium text-zinc-900 dark:text-zinc-100">{label}</span>
      <span className="col-start-3 row-start-2 text-zinc-600 dark:text-zinc-400">{hint}</span>
      {/* After the words in the document (they are the option's label), before them on the screen. */}
      <ThumbnailSlot module={chunk.module} {...(template ? { kind, template, brand } : {})} />
    </label>
  );

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-3">
        <SearchBox
          ref={search}
          id={`${id}-search`}
          label={t('funnels.templates.search')}
          placeholder={t('funnels.templates.searchPlaceholder')}
          value={query}
          onChange={setQuery}
          className=""
        />
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
            {TEMPLATE_GOALS.filter((g) => ids.some((template) => goalOf(template) === g)).map((g) => (
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
          {/* Said when it appears (a live region there from the start); the button takes the search and the goal away. */}
          <div aria-live="polite">
            {groups.length === 0 ? (
              <div className="rounded-[var(--radius-control)] border border-dashed border-zinc-300 p-4 text-center text-sm dark:border-zinc-700">
                <p className="mb-3 text-zinc-700 dark:text-zinc-300">{t('funnels.templates.noMatch', { query: query.trim() })}</p>
                <Button variant="secondary" size="sm" onClick={clear}>
                  {t('list.clearFilters')}
                </Button>
              </div>
            ) : null}
          </div>
        </div>
      </div>
      {value ? <PreviewPanel kind={kind} template={value} brand={brand} name={t(NAMES[value][0])} {...chunk} /> : null}
    </div>
  );
}
