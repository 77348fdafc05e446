/**
 * The page and funnel templates' ids (issue 30 §2), apart from their words (en.ts, de.ts) and
 * their builder (build.ts) so that a schema can name them without loading every template.
 */
export const PAGE_TEMPLATE_IDS = ['lead-magnet', 'webinar', 'launch', 'sale', 'waitlist', 'event', 'booking', 'coupon', 'thank-you', 'link-in-bio'] as const;
export type PageTemplateId = (typeof PAGE_TEMPLATE_IDS)[number];

/** Two-page funnels: the first page's form leads to the second (a form goes to the funnel's next published page). */
export const FUNNEL_TEMPLATE_IDS = ['lead-magnet-funnel', 'webinar-funnel', 'sale-funnel'] as const;
export type FunnelTemplateId = (typeof FUNNEL_TEMPLATE_IDS)[number];

/** What a template is for: the picker groups and filters by it. */
export const TEMPLATE_GOALS = ['leads', 'sales', 'events', 'social'] as const;
export type TemplateGoal = (typeof TEMPLATE_GOALS)[number];

export const PAGE_TEMPLATE_GOAL: Record<PageTemplateId, TemplateGoal> = {
  'lead-magnet': 'leads',
  waitlist: 'leads',
  booking: 'leads',
  'thank-you': 'leads',
  launch: 'sales',
  sale: 'sales',
  coupon: 'sales',
  webinar: 'events',
  event: 'events',
  'link-in-bio': 'social',
};

export const FUNNEL_TEMPLATE_GOAL: Record<FunnelTemplateId, TemplateGoal> = {
  'lead-magnet-funnel': 'leads',
  'webinar-funnel': 'events',
  'sale-funnel': 'sales',
};
