// The demo data the seed writes (scripts/seed.mjs): the demo users, Northwind Coffee's project
// with its creatives, ads, funnel and media, the admin's presentations and the contact messages.
// Fixed ids, so that seeding twice changes nothing; times are given relative to the seed's clock.
import { join } from 'node:path';
import { blockSamples } from '../common/schemas/blocks-defaults.ts';

export const DEMO_USERS = [
  { id: 'seed_demo_user_000000001', email: 'demo@example.com', name: 'Dana Demo', password: 'adloom-demo-2026', role: 'user', affiliateCode: 'dana2026' },
  { id: 'seed_demo_admin_00000001', email: 'admin@example.com', name: 'Alex Admin', password: 'adloom-admin-2026', role: 'admin', affiliateCode: 'alex2026' },
];

/** Northwind Coffee, the demo user's project. */
export const SEED_PROJECT = { name: 'Northwind Coffee', description: 'Specialty roaster with three cafés', website: 'https://northwind.example' };

/** Northwind's brand kit (stored as JSON in the project row; the creatives and the funnel use it). */
export const SEED_BRAND_KIT = {
  logoMediaId: null,
  colors: ['#3b2a20', '#c8a27a', '#f4efe9'],
  headingFont: 'playfair-display',
  bodyFont: 'inter',
  tone: 'Warm, unhurried, proud of the craft.',
};

/** The copy the seeded creatives fill their templates with (a creative may replace some of it). */
export const SEED_CREATIVE_COPY = {
  headline: 'Roasted this morning, in your cup by nine',
  body: 'Single-origin beans from three farms we know by name.',
  cta: 'Find a café',
};
/** Three creatives from the templates, in the project's brand (one per review state). */
export const SEED_CREATIVES = [
  { id: 'seed_creative_northwind_1', name: 'Morning roast (square)', template: 'bold-headline', format: 'square', status: 'approved' },
  { id: 'seed_creative_northwind_2', name: 'Morning roast (story)', template: 'gradient-promo', format: 'story', status: 'in_review' },
  {
    id: 'seed_creative_northwind_3',
    name: 'What our regulars say',
    template: 'quote-card',
    format: 'portrait',
    status: 'draft',
    copy: { headline: 'The best flat white in town, and they remember my name.', body: 'Mara, a regular since 2019' },
  },
];

/** Rendered pictures of two seeded creatives (made by Adloom's renderer), for the seeded ads. */
export const SEED_CREATIONS = [
  {
    id: 'seed_creation_northwind_1',
    creativeId: 'seed_creative_northwind_1',
    name: 'Morning roast (square)',
    format: 'square',
    width: 1080,
    height: 1080,
    file: 'northwind-morning-roast-square.png',
  },
  {
    id: 'seed_creation_northwind_3',
    creativeId: 'seed_creative_northwind_3',
    name: 'What our regulars say',
    format: 'portrait',
    width: 1080,
    height: 1350,
    file: 'northwind-regulars-portrait.png',
  },
].map((c) => ({ ...c, key: `creations/seed_project_northwind_01/${c.id}.png`, path: join(import.meta.dirname, 'seed-assets', c.file) }));

/** The ad in review whose preview link the README and the demo use. */
export const SEED_PREVIEW_ID = 'seed_preview_northwind_spring_0001';

/**
 * Messages from the contact form for the admin area (two open, one handled by the admin,
 * with its audit entry), so that /admin shows what it does on a fresh database.
 */
export const SEED_CONTACT_MESSAGES = [
  {
    id: 'seed_contact_message_0001',
    name: 'Priya Patel',
    email: 'priya@brightsmile.example',
    message: 'We are a dental practice with two locations. Can the Agency plan manage both brands, and can our receptionist approve ads without an account?',
    hoursAgo: 3,
    handled: false,
  },
  {
    id: 'seed_contact_message_0002',
    name: 'Tom Berger',
    email: 'tom@bergerbikes.example',
    message: 'Is there an invoice with our VAT number for the Pro plan? We need it for March.',
    hoursAgo: 26,
    handled: false,
  },
  {
    id: 'seed_contact_message_0003',
    name: 'Lena Vogt',
    email: 'lena@vogt-studio.example',
    message: 'Thanks for the quick help with the Instagram connection, it works now.',
    hoursAgo: 72,
    handled: true,
  },
];

/** The ad in review (its preview link is SEED_PREVIEW_ID): its copy, and its owner's comment. */
export const SEED_SPRING_AD = {
  id: 'seed_ad_northwind_spring_01',
  name: 'Spring blend launch',
  primaryText:
    'Our spring blend is here: bright, nutty and roasted this morning in small batches. Come taste it in any of our three cafés this week, or have a bag delivered to your door. ☕ #northwindcoffee #springblend #specialtycoffee',
  headline: 'Spring blend: roasted this morning',
  description: 'Free delivery in town this week',
  cta: 'shop_now',
  destinationUrl: 'https://northwind.example/spring',
  pageName: 'Northwind Coffee',
  placements: ['instagram_feed', 'instagram_story', 'instagram_reels', 'facebook_feed'],
  comment: 'Ready for Mara at Northwind: the story and reels use the square picture for now.',
};

/** The ad published to Northwind's sandbox Instagram account, approved by the customer first. */
export const SEED_REGULARS_AD = {
  id: 'seed_ad_northwind_regulars_01',
  name: 'What our regulars say',
  caption: '“The best flat white in town, and they remember my name.” Thank you, Mara, for five years of mornings with us. ❤️ #northwindcoffee #regulars',
  headline: 'Five years of mornings',
  cta: 'learn_more',
  destinationUrl: 'https://northwind.example/story',
  pageName: 'Northwind Coffee',
  placements: ['instagram_feed'],
  review: { name: 'Mara Jensen', email: 'mara@northwind.example', decision: 'approve', comment: 'Lovely — go ahead!' },
  /** The sandbox account it is published to. */
  account: 'northwind.coffee.sandbox',
};

/** The published demo funnel: its pages are served at /p/northwind-spring/{slug}. */
export const SEED_FUNNEL = { name: 'northwind-spring', pages: ['offer', 'thanks', 'story'] };

/** A picture for the funnel's pages: the square creation, also stored as a media item of the project. */
export const SEED_MEDIA = [
  {
    id: 'seed_media_northwind_hero01',
    name: 'morning-roast.png',
    width: 1080,
    height: 1080,
    file: 'northwind-morning-roast-square.png',
    // Its 720 px thumbnail, as publishing derives one (worker/features/funnels/pages/picture-sizes.ts): the pages' srcset offers it to phones.
    thumbnail: 'northwind-morning-roast-square.720.jpg',
  },
].map((m) => ({
  ...m,
  key: `media/seed_project_northwind_01/${m.id}`,
  path: join(import.meta.dirname, 'seed-assets', m.file),
  thumbnailKey: `thumbs/seed_project_northwind_01/${m.id}/seedthumb.w720`,
  thumbnailPath: join(import.meta.dirname, 'seed-assets', m.thumbnail),
}));

/** The funnel's picture (SEED_MEDIA) as its pages show it. */
export const SEED_FUNNEL_IMAGE = { mediaId: SEED_MEDIA[0].id, alt: 'A cup of Northwind coffee with the words “Roasted this morning”' };

/**
 * Northwind's own copy for its funnel: the component sheet's samples are placeholders to the
 * checks before publishing (common/schemas/page-checks.ts), so the demo's published pages say the
 * same things in their own words, with links to Northwind's own site.
 */
const NORTHWIND = {
  features: {
    heading: 'Why Northwind',
    intro: 'Three farms, one roaster in Hamburg, and coffee that is never older than a week.',
    columns: 3,
    items: [
      { icon: 'leaf', title: 'Three farms we know', text: 'We buy from the same three farms every year and pay well above fair-trade prices.' },
      { icon: 'clock', title: 'Roasted on Monday', text: 'Every bag leaves the roastery within two days of roasting.' },
      { icon: 'gift', title: 'The first bag is on us', text: 'Try the spring blend without paying: 250 g, free, once per household.' },
    ],
  },
  testimonials: {
    heading: 'What our regulars say',
    items: [
      { quote: 'I switched from supermarket beans in March and have not looked back.', name: 'Jana Voss', role: 'Café guest, Altona', avatar: null, rating: 5 },
      {
        quote: 'The spring blend is bright without being sour: exactly what I want at seven.',
        name: 'Malte Brandt',
        role: 'Subscriber since 2024',
        avatar: null,
        rating: 5,
      },
      {
        quote: 'Ordering for our office takes a minute and the beans arrive on Wednesday.',
        name: 'Sina Okafor',
        role: 'Office manager, Hamburg',
        avatar: null,
        rating: 4,
      },
    ],
  },
  faq: {
    heading: 'Questions',
    items: [
      { question: 'Is the free bag really free?', answer: 'Yes: 250 g of the spring blend, shipping included, once per household.' },
      { question: 'Do I have to subscribe?', answer: 'No. The voucher is for one bag; a subscription is up to you.' },
      { question: 'Do you send whole beans or ground coffee?', answer: 'Whichever you like: tell us how you brew and we grind for it.' },
    ],
  },
  footer: {
    text: '© Northwind Coffee Roasters, Hamburg',
    links: [
      { label: 'Imprint', href: 'https://northwind.example/imprint' },
      { label: 'Privacy', href: 'https://northwind.example/privacy' },
      { label: 'Contact', href: 'mailto:hello@northwind.example' },
    ],
  },
  story: {
    markdown:
      '## How it started\n\nNorthwind began in **2014** as a roaster in a Hamburg garage, because we wanted coffee we could *taste the farm in*.\n\n- Three farms, the same ones every year\n- Roasted in 15 kg batches\n- Three cafés in Altona, Ottensen and the Schanze\n\nRead the farm stories on [our website](https://northwind.example/farms) or [write to us](mailto:hello@northwind.example).',
    align: 'left',
  },
};

/**
 * Northwind's spring funnel (issue 12): a landing page with a form and an A/B test on its
 * headline → a thank-you page, and a story page without a form (no JavaScript at all), all
 * published, with a week of views and a few leads, so that /funnels, /pages and the funnel's
 * analytics show something real from the first start.
 */
export const SEED_FUNNEL_PAGES = funnelPages();

function funnelPages() {
  const hero = SEED_FUNNEL_IMAGE;
  const seo = (title, description) => ({ title, description, image: hero });
  const form = {
    ...blockSamples.form,
    title: 'Taste the spring blend for free',
    intro: 'Leave your details and we email you a voucher for a free 250 g bag.',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'roast', label: 'Favourite roast', type: 'select', required: true, options: ['Light', 'Medium', 'Dark'] },
      {
        name: 'consent',
        label: 'Consent',
        type: 'checkbox',
        required: true,
        consentText: 'Northwind Coffee may email me my voucher and, at most monthly, news from the roastery.',
      },
    ],
    submitLabel: 'Send my voucher',
    successMessage: 'Thank you! Your voucher is on its way.',
  };
  const heroA = {
    ...blockSamples.hero,
    eyebrow: 'Spring blend 2026',
    heading: 'Roasted this morning, in your cup by nine',
    subheading: 'Bright, nutty and roasted in small batches in Hamburg. Your first bag is on us.',
    primary: { label: 'Get my free bag', href: '#signup' },
    secondary: { label: 'Why Northwind', href: '#why' },
    image: hero,
  };
  const offerBlocks = (heroProps) => [
    { id: 'hero', type: 'hero', props: heroProps },
    { id: 'why', type: 'features', props: NORTHWIND.features },
    { id: 'voices', type: 'testimonials', props: NORTHWIND.testimonials },
    { id: 'faq', type: 'faq', props: NORTHWIND.faq },
    { id: 'signup', type: 'form', props: form },
    { id: 'footer', type: 'footer', props: NORTHWIND.footer },
  ];
  const offerA = {
    blocks: offerBlocks(heroA),
    seo: seo(
      'Northwind spring blend: your first bag free',
      'Single-origin coffee roasted in Hamburg every Monday. Try the spring blend: your first 250 g bag is free.',
    ),
  };
  const offerB = {
    ...offerA,
    blocks: offerBlocks({
      ...heroA,
      heading: 'Your first bag of the spring blend is free',
      subheading: 'Single-origin beans, roasted every Monday in Hamburg and at your door by Wednesday.',
    }),
  };
  const thanks = {
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          ...blockSamples.hero,
          eyebrow: 'Thank you',
          heading: 'Your voucher is on its way',
          subheading: 'Check your inbox in a minute. Until then, read how we roast.',
          primary: { label: 'Our story', href: '/p/northwind-spring/story' },
          secondary: null,
          image: null,
          layout: 'centered',
        },
      },
      { id: 'footer', type: 'footer', props: NORTHWIND.footer },
    ],
    seo: seo('Thank you · Northwind Coffee', 'Your voucher for a free bag of the Northwind spring blend is on its way.'),
  };
  const story = {
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          ...heroA,
          eyebrow: 'Since 2014',
          heading: 'Three farms, one roaster, no shortcuts',
          subheading: 'How a garage roastery became three cafés in Hamburg.',
          primary: { label: 'Get your first bag free', href: '/p/northwind-spring/offer' },
          secondary: null,
        },
      },
      { id: 'story', type: 'text', props: NORTHWIND.story },
      { id: 'why', type: 'features', props: NORTHWIND.features },
      { id: 'voices', type: 'testimonials', props: NORTHWIND.testimonials },
      { id: 'footer', type: 'footer', props: NORTHWIND.footer },
    ],
    seo: seo('Our story · Northwind Coffee', 'From a garage in 2014 to three cafés: how Northwind Coffee sources and roasts its beans.'),
  };
  return [
    { id: 'seed_page_northwind_offer001', slug: 'offer', title: 'Spring offer', a: offerA, b: offerB, split: 50 },
    { id: 'seed_page_northwind_thanks01', slug: 'thanks', title: 'Thank you', a: thanks, b: null, split: 50 },
    { id: 'seed_page_northwind_story001', slug: 'story', title: 'Our story', a: story, b: null, split: 50 },
  ];
}

/** The names and favourite roasts of the funnel's seeded leads (taken in turn). */
export const SEED_LEADS = {
  first: ['Mara', 'Jonas', 'Sofia', 'Emil', 'Lea', 'Noah', 'Ida', 'Paul', 'Clara', 'Finn', 'Maja', 'Ben', 'Nora', 'Luis'],
  last: ['Jensen', 'Weber', 'Rossi', 'Hansen', 'Schmidt', 'Petersen', 'Novak', 'Keller', 'Berg', 'Meyer', 'Costa', 'Lindqvist'],
  roasts: ['Light', 'Medium', 'Dark'],
};

/** The password of the seeded protected presentation (for the demo and the browser tests; never printed). */
export const SEED_PRESENTATION_PASSWORD = 'northwind-pitch-2026';

/**
 * Presentations (issue 13): six pitch pages for different customers and campaigns, authored by
 * the admin (affiliate code alex2026 on their calls to action), published; Northwind's shows
 * the seeded creatives, ads and funnel pages. One is protected by a password, one has expired.
 */
export const SEED_PRESENTATIONS = [
  'northwind-spring-2026',
  'harbor-dental-new-patients',
  'lumen-yoga-january',
  'fjord-outdoor-black-friday',
  'copperpot-bistro-private',
  'atlas-bikes-summer-2025',
];

/**
 * The presentations' documents, in SEED_PRESENTATIONS' order (their sections' helpers below
 * give the shared parts: hero, intro, pricing, quotes, call to action, theme).
 */
export const SEED_PRESENTATION_ITEMS = presentationItems();

function presentationItems() {
  const pricing = (heading, plans) => ({
    id: 'pricing',
    type: 'pricing',
    props: { heading, intro: 'Everything included: strategy, creatives, ads and landing pages.', plans },
  });
  const plan = (name, price, period, description, features, highlighted) => ({
    name,
    price,
    period,
    description,
    features,
    button: { label: `Choose ${name}`, href: '#cta' },
    highlighted,
  });
  const quotes = (items) => ({
    id: 'voices',
    type: 'testimonials',
    props: { heading: 'What our clients say', items: items.map(([quote, name, role]) => ({ quote, name, role, avatar: null, rating: 5 })) },
  });
  const cta = (heading, label, href) => ({
    id: 'cta',
    type: 'cta',
    props: { heading, text: 'Twenty minutes, no slides: we walk you through the plan and the numbers.', label, href, background: 'primary' },
  });
  const hero = (subheading, buttonLabel = 'Book a call') => ({
    id: 'hero',
    type: 'hero',
    props: { eyebrow: '', subheading, image: null, buttonLabel, background: 'surface' },
  });
  const intro = { id: 'intro', type: 'intro', props: { heading: 'Why we wrote this for you', signature: 'Alex, Adloom Studio' } };
  const theme = (primary, heading, body = 'inter', radius = 'medium') => ({
    colors: { primary, background: '#ffffff', surface: '#f5f4f2', text: '#1c1917', muted: '#57534e' },
    fonts: { heading, body },
    radius,
  });
  const standardPlans = [
    plan('Launch', '€2,400', 'one-off', 'A campaign in four weeks.', ['6 creatives in every format', '2 ads with approval links', '1 landing page'], false),
    plan(
      'Grow',
      '€1,450',
      'per month',
      'Our most chosen package.',
      ['12 creatives a month', 'Ads published to Instagram', 'A/B-tested landing pages', 'Monthly report'],
      true,
    ),
  ];
  return [
    {
      id: 'seed_presentation_northwind_01',
      slug: SEED_PRESENTATIONS[0],
      project: 'seed_project_northwind_01',
      doc: {
        customerName: 'Northwind Coffee',
        logo: null,
        headline: 'A spring that smells of fresh coffee',
        intro:
          'Dear Mara,\n\nthank you for the tour of the roastery. Here is what we would do this spring: creatives in your colours, ads your regulars will stop for, and a landing page that turns a click into a first bag.',
        theme: theme('#7c4a2d', 'playfair-display'),
        sections: [
          hero('Instagram ads, a landing page with an offer and a story page, ready in three weeks.'),
          intro,
          {
            id: 'creatives',
            type: 'creatives',
            props: {
              heading: 'Creatives we made for you',
              intro: 'Rendered in your brand kit, for the feed and stories.',
              items: [
                { creationId: 'seed_creation_northwind_1', caption: 'Morning roast, feed 1:1' },
                { creationId: 'seed_creation_northwind_3', caption: 'What our regulars say, feed 4:5' },
              ],
            },
          },
          {
            id: 'ads',
            type: 'adPreviews',
            props: {
              heading: 'Your ads in the feed',
              intro: 'As your customers would see them.',
              items: [{ adId: 'seed_ad_northwind_spring_01' }, { adId: 'seed_ad_northwind_regulars_01' }],
            },
          },
          {
            id: 'pages',
            type: 'funnelPages',
            props: {
              heading: 'Where the clicks land',
              intro: 'Live now: try the form.',
              items: [
                { pageId: 'seed_page_northwind_offer001', caption: 'The spring offer with a sign-up form and an A/B test on the headline.', screenshot: null },
                { pageId: 'seed_page_northwind_story001', caption: 'Your story, for people who want to know who roasts their coffee.', screenshot: null },
              ],
              liveLinks: true,
            },
          },
          pricing('Two ways to start', standardPlans),
          quotes([
            ['Our Saturday queue doubled in the first month of ads.', 'Jonas Berg', 'Owner, Berg Bakery'],
            ['The approval links saved us a dozen emails per campaign.', 'Lea Novak', 'Marketing, Vela Wines'],
          ]),
          cta('Let’s make it a spring to remember', 'Book a call with Alex', 'https://cal.example.com/alex/northwind'),
        ],
      },
      expiredDaysAgo: null,
      password: false,
    },
    {
      id: 'seed_presentation_harbor_0001',
      slug: SEED_PRESENTATIONS[1],
      doc: {
        customerName: 'Harbor Dental',
        logo: null,
        headline: 'Forty new patients a month, without discounts',
        intro:
          'Dear Dr. Okafor,\n\nyour practice has the reviews; people just do not find you yet. We would change that with calm, trustworthy ads and one booking page.',
        theme: theme('#0f6e8c', 'montserrat'),
        sections: [
          hero('Local Instagram and Facebook ads that lead to a booking page with free first check-ups.', 'See the plan'),
          intro,
          pricing('The plan', standardPlans),
          quotes([['Bookings went from 9 to 31 a week.', 'Dr. Ines Vogt', 'Vogt Orthodontics']]),
          cta('Ready for a fuller calendar?', 'Book a call', 'https://cal.example.com/alex/harbor'),
        ],
      },
      expiredDaysAgo: null,
      password: false,
    },
    {
      id: 'seed_presentation_lumen_00001',
      slug: SEED_PRESENTATIONS[2],
      doc: {
        customerName: 'Lumen Yoga',
        logo: null,
        headline: 'A January campaign that fills your beginner classes',
        intro: 'Hi Sofia,\n\nJanuary is when people look for a new routine. Here is how we would make sure they find Lumen first.',
        theme: theme('#6d28d9', 'poppins', 'inter', 'large'),
        sections: [
          hero('Stories and reels with your teachers, a trial-week landing page and weekly numbers.'),
          intro,
          pricing('One campaign, one price', [
            plan('New year', '€1,900', 'January', 'Four weeks, all included.', ['8 story creatives', 'Trial-week landing page', 'Weekly report'], true),
          ]),
          cta('Start the year full', 'Sign up with Adloom', '/redirect'),
        ],
      },
      expiredDaysAgo: null,
      password: false,
    },
    {
      id: 'seed_presentation_fjord_00001',
      slug: SEED_PRESENTATIONS[3],
      doc: {
        customerName: 'Fjord Outdoor',
        logo: null,
        headline: 'Black Friday, done calmly',
        intro: 'Hello Erik,\n\nno countdown panic: a clear offer, three creatives a day and a page that sells the jackets, not the discount.',
        theme: theme('#1f5135', 'space-grotesk', 'inter', 'small'),
        sections: [
          hero('A five-day plan for Black Friday week, from teaser to last call.'),
          intro,
          pricing('Black Friday week', standardPlans),
          quotes([
            ['Best Black Friday we had, and no discount deeper than 20 %.', 'Mia Lund', 'Founder, Lund Knitwear'],
            ['They answered within the hour, every day of the week.', 'Tomás Ruiz', 'Ecommerce lead, Sierra Gear'],
          ]),
          cta('Let’s plan your week', 'Book a call', 'https://cal.example.com/alex/fjord'),
        ],
      },
      expiredDaysAgo: null,
      password: false,
    },
    {
      id: 'seed_presentation_copperpot01',
      slug: SEED_PRESENTATIONS[4],
      doc: {
        customerName: 'Copperpot Bistro',
        logo: null,
        headline: 'Private dining, fully booked by December',
        intro: 'Dear Anna,\n\nthis one is just for you and Paul: the numbers and the offer we talked about.',
        theme: theme('#9a3412', 'lora'),
        sections: [
          hero('Ads for group bookings and a menu page with an enquiry form.'),
          intro,
          pricing('Our offer for Copperpot', standardPlans),
          cta('Shall we start?', 'Book a call', 'https://cal.example.com/alex/copperpot'),
        ],
      },
      expiredDaysAgo: null,
      password: true,
    },
    {
      id: 'seed_presentation_atlas_00001',
      slug: SEED_PRESENTATIONS[5],
      doc: {
        customerName: 'Atlas Bikes',
        logo: null,
        headline: 'Summer 2025: e-bikes for commuters',
        intro: 'Hi Noor,\n\nlast summer’s pitch, kept for the record.',
        theme: theme('#b45309', 'montserrat'),
        sections: [
          hero('Commuter ads across the city, with a test-ride booking page.'),
          intro,
          cta('Book a test ride campaign', 'Book a call', 'https://cal.example.com/alex/atlas'),
        ],
      },
      expiredDaysAgo: 120,
      password: false,
    },
  ];
}
