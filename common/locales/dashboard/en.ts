import type { Source } from '#common/i18n/catalog.ts';

/**
 * The dashboard area's messages (decision 0032): loaded with the routes that show them (client/app/route-areas.ts), in the user's language only.
 * `dashboard.allProjectsEmpty.*` is what the lists of all projects' creatives and funnels say while empty (client/app/all-projects-empty.tsx):
 * /creatives and /funnels load this area for it.
 */
export const en = {
  // /dashboard
  'dashboard.greeting': '{time, select, morning {Good morning} afternoon {Good afternoon} other {Good evening}}, {name}',
  'dashboard.description': 'Here is what is happening across your projects.',
  'dashboard.loading': 'Loading your dashboard',
  'dashboard.loadFailed': 'Your dashboard could not be loaded',

  // /dashboard: the figures
  'dashboard.credits.label': 'Credits',
  'dashboard.credits.hint': '{monthly} monthly · {purchased} purchased · resets {date}',
  'dashboard.credits.low': 'Running low: buy a pack or upgrade',
  'dashboard.approval.label': 'Ads waiting for approval',
  'dashboard.approval.hint': '{count, plural, one {# review} other {# reviews}} on your ads',
  'dashboard.posts.label': 'Instagram posts',
  'dashboard.posts.hint': '{scheduled} scheduled · {published} published · ',
  'dashboard.posts.failed': '{count} failed',
  'dashboard.posts.noneFailed': 'none failed',
  'dashboard.visits.label': 'Funnel visits · 7 days',
  'dashboard.visits.leads': '{count, plural, one {# lead} other {# leads}}',
  'dashboard.visits.chart': 'Visits and leads per day over the last 7 days: {days}',
  'dashboard.visits.day': '{views, plural, one {# visit} other {# visits}}, {leads, plural, one {# lead} other {# leads}}',
  'dashboard.visits.series': 'Visits',
  'dashboard.leads.series': 'Leads',
  'dashboard.earnings.label': 'Affiliate earnings',
  'dashboard.earnings.hint': '{available} available · {pending} pending',

  // /dashboard: recent projects
  'dashboard.projects.title': 'Recent projects',
  'dashboard.projects.unlimited': 'Unlimited active projects on the {plan} plan',
  'dashboard.projects.owned': 'You own {owned} of {limit} active projects on the {plan} plan',
  'dashboard.projects.empty': 'No projects yet',
  'dashboard.projects.emptyText': 'Each customer gets a project with their brand kit and media.',
  'dashboard.projects.create': 'Create a project',
  'dashboard.projects.row': '{files, plural, one {# file} other {# files}} · {role, select, owner {owner} editor {editor} viewer {viewer} other {{role}}}',
  'dashboard.projects.all': 'All projects',

  // /dashboard: recent creations
  'dashboard.creations.title': 'Recent creations',
  'dashboard.creations.empty': 'Nothing rendered yet',
  'dashboard.creations.emptyText': 'Rendered creatives appear here, ready to download or use in an ad.',
  'dashboard.creations.open': 'Open your creatives',
  'dashboard.creations.download': 'Download {name}',
  'dashboard.creations.all': 'All creations',

  // /dashboard: ads and posts
  'dashboard.ads.title': 'Ads and posts',
  'dashboard.ads.description': 'Waiting for your customers’ approval, scheduled and failed posts, and the reviews on each project’s ads.',
  'dashboard.ads.empty': 'No ads out for approval',
  'dashboard.ads.emptyText': 'Share an ad’s preview link with your customer: their approval and comments show up here.',
  'dashboard.ads.waiting': '{count} waiting',
  'dashboard.ads.scheduled': '{count} scheduled',
  'dashboard.ads.failed': '{count} failed',
  'dashboard.ads.reviews': '{count, plural, one {# review} other {# reviews}}',

  // /dashboard: funnels this week
  'dashboard.funnels.title': 'Funnels this week',
  'dashboard.funnels.description': '{count, plural, one {# funnel} other {# funnels}} · the busiest ones',
  'dashboard.funnels.empty': 'No funnels yet',
  'dashboard.funnels.emptyText': 'Landing pages that visitors reach from your ads, with their visits and leads.',
  'dashboard.funnels.create': 'Create a funnel',
  'dashboard.funnels.row': '{project} · {views, plural, one {# visit} other {# visits}} · {leads, plural, one {# lead} other {# leads}}',
  'dashboard.funnels.chart': '{funnel}: visits per day over the last 7 days',

  // /dashboard: first steps (client/app/first-steps.tsx)
  'dashboard.firstSteps.title': 'Get started',
  'dashboard.firstSteps.done': '{done} of {total} done',
  'dashboard.firstSteps.progress': 'First steps done',
  'dashboard.firstSteps.progressValue': '{done} of {total}',
  'dashboard.firstSteps.hide': 'Hide',
  'dashboard.firstSteps.stepDone': ' (done)',
  'dashboard.firstSteps.stepToDo': ' (to do)',
  'dashboard.firstSteps.brandKit.title': 'Set up a brand kit',
  'dashboard.firstSteps.brandKit.hint': 'Logo, colours, fonts and tone of voice, read from your customer’s website.',
  'dashboard.firstSteps.brandKit.open': 'Open the brand kit',
  'dashboard.firstSteps.brandKit.first': 'Add your first customer',
  'dashboard.firstSteps.creative.title': 'Make your first creative',
  'dashboard.firstSteps.creative.hint': 'Start from a template: it takes the brand kit’s colours and fonts.',
  'dashboard.firstSteps.creative.action': 'Make a creative',
  'dashboard.firstSteps.approvedAd.title': 'Get an ad approved',
  'dashboard.firstSteps.approvedAd.hint': 'Send your customer the preview link: they approve without an account.',
  'dashboard.firstSteps.approvedAd.action': 'Ask for approval',
  'dashboard.firstSteps.livePage.title': 'Put a funnel page live',
  'dashboard.firstSteps.livePage.hint': 'A landing page for the ad, with a form that collects leads.',
  'dashboard.firstSteps.livePage.action': 'Build a page',
  'dashboard.firstSteps.presentation.title': 'Pitch with a presentation',
  'dashboard.firstSteps.presentation.hint': 'A personal page for a new customer, with your best work in their brand.',
  'dashboard.firstSteps.presentation.action': 'Write a presentation',
  'dashboard.firstSteps.sample': 'Start with a sample project',
  'dashboard.firstSteps.sampleMaking': 'Making the sample…',
  'dashboard.firstSteps.sampleFailed': 'The sample project could not be made. Please try again.',

  // /creatives and /funnels while empty (client/app/all-projects-empty.tsx)
  'dashboard.allProjectsEmpty.title': '{kind, select, creatives {No creatives yet} other {No funnels yet}}',
  'dashboard.allProjectsEmpty.noProjects':
    '{kind, select, creatives {Creatives} other {Funnels}} belong to a project: create one for your customer first, with their brand kit.',
  'dashboard.allProjectsEmpty.createProject': 'Create a project',
  'dashboard.allProjectsEmpty.viewer':
    '{kind, select, creatives {Creatives} other {Funnels}} made in your projects appear here. As a viewer you can look at them but not create them.',
  'dashboard.bestPosts.title': 'Best posts of the last 30 days',
  'dashboard.bestPosts.description': 'By engagement (likes, comments, saves and shares), from Instagram',
  'dashboard.bestPosts.empty': 'No figures yet',
  'dashboard.bestPosts.emptyText': 'Publish an ad to Instagram: its reach and engagement appear here within the hour.',
  'dashboard.bestPosts.noCaption': 'No caption',
  'dashboard.bestPosts.figures': '{reach} reached · {engagement} engagements',
} as const satisfies Source;
