/**
 * The words of the page templates in English (issue 30 §2): content, not interface. They are
 * stored in the page and belong to the customer from then on, so they live here as data, like
 * the creative templates' texts. `{project}` is the project's name, `{year}` the current year,
 * `{handle}` the Instagram handle. German (de.ts) is typed against this: a missing or extra
 * line is a type error. build.ts puts the words into blocks.
 *
 * Nothing here may be a default or sample of blocks-defaults.ts: the checks before publishing
 * would call it a placeholder (a test builds every template and checks it).
 */
export const PAGE_TEMPLATES_EN = {
  shared: {
    fields: {
      name: 'Your name',
      email: 'Email address',
      phone: 'Phone number',
      message: 'Anything we should know?',
      consentLabel: 'Consent',
    },
    consent: 'I agree that {project} may email me about this. I can unsubscribe at any time.',
    footer: '© {year} {project}',
    logoAlt: '{project} logo',
    instagram: 'Instagram',
  },
  'lead-magnet': {
    page: { title: 'Free guide', slug: 'free-guide' },
    seo: {
      title: 'Free guide from {project}',
      description: 'Get the free guide from {project}: the practical steps, checklists and examples, straight to your inbox.',
    },
    hero: {
      eyebrow: 'Free guide',
      heading: 'The practical guide to getting started, free from {project}',
      subheading: 'Everything we have learned, boiled down to clear steps you can follow this week. Enter your email and it is yours.',
      button: 'Send me the guide',
    },
    features: {
      heading: 'What is inside',
      intro: '',
      items: [
        { title: 'Step-by-step plan', text: 'A clear order of what to do first, second and third, with no jargon.' },
        { title: 'Ready-made checklists', text: 'Print them or copy them: tick off each step as you go.' },
        { title: 'Real examples', text: 'How others did it, with what worked and what did not.' },
      ],
    },
    form: {
      title: 'Get the free guide',
      intro: 'We send it to your inbox within minutes.',
      submit: 'Send me the guide',
      success: 'Thank you! The guide is on its way to your inbox.',
    },
    faq: {
      heading: 'Good to know',
      items: [
        { question: 'Is the guide really free?', answer: 'Yes. You only need an email address to receive it.' },
        { question: 'Will you send me other emails?', answer: 'Only if you agreed to it, and you can unsubscribe with one click in every email.' },
      ],
    },
  },
  webinar: {
    page: { title: 'Free webinar', slug: 'webinar' },
    seo: {
      title: 'Free live webinar with {project}',
      description: 'Join the free live webinar by {project}: practical ideas, live questions and answers, and a recording for everyone who signs up.',
    },
    hero: {
      eyebrow: 'Free live webinar',
      heading: 'Join our live webinar and take home a plan you can use',
      subheading: 'Forty-five minutes with the team of {project}: practical ideas, real examples and your questions answered live.',
      button: 'Save my seat',
    },
    countdown: { heading: 'We go live in', expired: 'This webinar has taken place. Sign up below for the recording.', button: 'Save my seat' },
    features: {
      heading: 'What you will learn',
      intro: '',
      items: [
        { title: 'Where to start', text: 'The three things that make the biggest difference, in the right order.' },
        { title: 'What to avoid', text: 'The mistakes we see most often, and how to skip them.' },
        { title: 'Your questions', text: 'The last fifteen minutes are yours: ask anything.' },
      ],
    },
    form: {
      title: 'Save your seat',
      intro: 'Seats are limited. Everyone who signs up gets the recording.',
      submit: 'Save my seat',
      success: 'You are in! We have sent the link to join to your inbox.',
    },
    faq: {
      heading: 'Before you sign up',
      items: [
        { question: 'What does it cost?', answer: 'Nothing. The webinar is free.' },
        { question: 'What if I cannot make it?', answer: 'Sign up anyway: we send the recording to everyone registered.' },
      ],
    },
  },
  launch: {
    page: { title: 'Launch', slug: 'launch' },
    seo: {
      title: 'New from {project}: now available',
      description: 'The newest launch from {project} is here. See what is new, what it costs and order yours at the launch price.',
    },
    hero: {
      eyebrow: 'Just launched',
      heading: 'Something new from {project}, made for the way you work',
      subheading: 'We listened to you, and we built it. See what is new and be among the first to get it.',
      button: 'Order now',
    },
    features: {
      heading: 'What is new',
      intro: 'Three reasons it was worth the wait.',
      items: [
        { title: 'Easier from day one', text: 'Set up in minutes, without a manual.' },
        { title: 'Built to last', text: 'Better materials and a longer guarantee than before.' },
        { title: 'Made with our customers', text: 'Every change comes from what you told us.' },
      ],
    },
    pricing: {
      heading: 'Launch price',
      intro: 'For the first weeks only.',
      plan: 'Launch edition',
      price: '€49',
      period: 'once',
      description: 'The complete edition at its launch price.',
      features: ['Everything included', 'Free shipping', '30 days to return it'],
      button: 'Order now',
    },
    form: {
      title: 'Order yours',
      intro: 'Leave your details and we get back to you with everything you need to complete your order.',
      submit: 'Request my order',
      success: 'Thank you! We have your order request and will be in touch shortly.',
    },
    faq: {
      heading: 'Questions about the launch',
      items: [
        { question: 'How long is the launch price valid?', answer: 'For the first weeks after the launch. We say so here before it ends.' },
        { question: 'Can I return it?', answer: 'Yes, within 30 days, no questions asked.' },
      ],
    },
  },
  sale: {
    page: { title: 'Sale', slug: 'sale' },
    seo: {
      title: 'The {project} sale: for a limited time',
      description: 'The sale at {project} ends soon. See the offer, how much you save and order before the countdown runs out.',
    },
    hero: {
      eyebrow: 'Limited time',
      heading: 'Our biggest sale of the season is on now',
      subheading: 'Save on our most popular products, for a few days only. When the clock runs out, prices go back up.',
      button: 'Get the offer',
    },
    countdown: { heading: 'The sale ends in', expired: 'The sale is over. Leave your email below to hear about the next one.', button: 'Get the offer' },
    features: {
      heading: 'Why now',
      intro: '',
      items: [
        { title: 'The lowest price this year', text: 'We will not go lower than this for the rest of the season.' },
        { title: 'Free shipping', text: 'On every order during the sale.' },
        { title: 'Easy returns', text: 'Changed your mind? Send it back within 30 days.' },
      ],
    },
    form: {
      title: 'Claim your offer',
      intro: 'Tell us where to reach you and we confirm your order at the sale price.',
      submit: 'Claim my offer',
      success: 'Thank you! Your offer is reserved and we will confirm it by email.',
    },
    faq: {
      heading: 'About the sale',
      items: [
        { question: 'When does the sale end?', answer: 'When the countdown above reaches zero.' },
        { question: 'Can I combine it with other discounts?', answer: 'The sale price already includes our best discount, so it cannot be combined.' },
      ],
    },
  },
  waitlist: {
    page: { title: 'Waitlist', slug: 'waitlist' },
    seo: {
      title: 'Join the {project} waitlist',
      description: 'Something new is coming from {project}. Join the waitlist to be the first to know and get early access.',
    },
    hero: {
      eyebrow: 'Coming soon',
      heading: 'Be the first in line for what we are building next',
      subheading: 'Join the waitlist and we let you in before everyone else, with an early-bird offer only for you.',
      button: 'Join the waitlist',
    },
    features: {
      heading: 'Why join now',
      intro: '',
      items: [
        { title: 'Early access', text: 'You get in before the public launch.' },
        { title: 'Early-bird offer', text: 'A launch discount reserved for the waitlist.' },
        { title: 'A say in it', text: 'Tell us what you need and help shape what we build.' },
      ],
    },
    form: {
      title: 'Join the waitlist',
      intro: 'One email when it is ready. No spam.',
      submit: 'Join the waitlist',
      success: 'You are on the list! We will email you as soon as it is ready.',
    },
  },
  event: {
    page: { title: 'Event', slug: 'event' },
    seo: {
      title: 'You are invited: an event by {project}',
      description: 'An evening with {project}: talks, people to meet and good food. See the details and reserve your free place.',
    },
    hero: {
      eyebrow: 'You are invited',
      heading: 'An evening with {project}',
      subheading: 'Talks, conversations and good food with people who share your interests. Places are limited, so reserve yours now.',
      button: 'Reserve my place',
    },
    features: {
      heading: 'The details',
      intro: '',
      items: [
        { title: 'When', text: 'The date and time come with your confirmation email.' },
        { title: 'Where', text: 'We send the venue and its address with your confirmation.' },
        { title: 'What to expect', text: 'Short talks, time to meet everyone, food and drinks.' },
      ],
    },
    form: {
      title: 'Reserve your place',
      intro: 'Free of charge. We send your confirmation by email.',
      submit: 'Reserve my place',
      success: 'Your place is reserved! The confirmation is in your inbox.',
      guests: 'Number of guests',
      guestOptions: ['Just me', 'Me and one guest', 'Me and two guests'],
    },
    faq: {
      heading: 'Practical questions',
      items: [
        { question: 'Does it cost anything?', answer: 'No. The event is free, but places are limited.' },
        { question: 'Can I bring someone?', answer: 'Yes, up to two guests: tell us when you reserve.' },
      ],
    },
  },
  booking: {
    page: { title: 'Book a call', slug: 'book' },
    seo: {
      title: 'Book a free consultation with {project}',
      description: 'Request a free, no-obligation consultation with {project}. Pick a time that suits you and we confirm it by email.',
    },
    hero: {
      eyebrow: 'Free consultation',
      heading: 'Book a free consultation with {project}',
      subheading: 'Thirty minutes to talk about what you need, with no obligation. Tell us when suits you and we confirm by email.',
      button: 'Request a time',
    },
    features: {
      heading: 'How it works',
      intro: '',
      items: [
        { title: '1. Request a time', text: 'Fill in the form below with the time of day that suits you.' },
        { title: '2. We confirm', text: 'We email you a confirmation with the exact time within one working day.' },
        { title: '3. We talk', text: 'By phone or video: you choose.' },
      ],
    },
    form: {
      title: 'Request your consultation',
      intro: '',
      submit: 'Request my consultation',
      success: 'Thank you! We will confirm your appointment by email within one working day.',
      time: 'Preferred time of day',
      timeOptions: ['Morning', 'Afternoon', 'Evening'],
    },
    faq: {
      heading: 'Before you book',
      items: [
        { question: 'Is the consultation really free?', answer: 'Yes, with no obligation to buy anything.' },
        { question: 'Can I change the time later?', answer: 'Of course: reply to the confirmation email and we find another time.' },
      ],
    },
  },
  coupon: {
    page: { title: 'Your coupon', slug: 'coupon' },
    seo: {
      title: 'A welcome coupon from {project}',
      description: 'Get your welcome coupon from {project}: enter your email and we send your personal discount code right away.',
    },
    hero: {
      eyebrow: 'Welcome gift',
      heading: 'Your welcome discount is waiting',
      subheading: 'Enter your email and we send you a personal discount code for your first order.',
      button: 'Get my coupon',
    },
    form: {
      title: 'Get your coupon',
      intro: 'Your code arrives by email within minutes.',
      submit: 'Send my coupon',
      success: 'Your coupon is on its way! Check your inbox.',
    },
    features: {
      heading: 'How to use it',
      intro: '',
      items: [
        { title: 'Check your inbox', text: 'Your personal code arrives within minutes.' },
        { title: 'Choose what you like', text: 'The code works on your first order.' },
        { title: 'Enter the code', text: 'Add it at checkout and the discount is applied.' },
      ],
    },
  },
  thanks: {
    page: {
      page: { title: 'Thank you', slug: 'thank-you' },
      seo: { title: 'Thank you from {project}', description: 'Thank you for getting in touch with {project}. Here is what happens next.' },
      hero: {
        eyebrow: 'All done',
        heading: 'Thank you, we have received your message',
        subheading: 'We will get back to you soon. Here is what happens next.',
      },
      features: {
        heading: 'What happens next',
        intro: '',
        items: [
          { title: 'Check your inbox', text: 'A confirmation is on its way to you.' },
          { title: 'We reply', text: 'Someone from our team gets back to you personally.' },
          { title: 'Stay in touch', text: 'Add our address to your contacts so that nothing ends up in spam.' },
        ],
      },
    },
    lead: {
      page: { title: 'Thank you', slug: 'thanks' },
      seo: {
        title: 'Your guide is on its way: thank you from {project}',
        description: 'Thank you for requesting the guide from {project}. Check your inbox: it is on its way.',
      },
      hero: {
        eyebrow: 'Check your inbox',
        heading: 'Thank you! Your guide is on its way',
        subheading: 'It should arrive within a few minutes. If it does not, have a look in your spam folder.',
      },
      features: {
        heading: 'While you wait',
        intro: '',
        items: [
          { title: 'Open the email', text: 'The download link is in the email we just sent.' },
          { title: 'Start with step one', text: 'Block out twenty minutes this week and do the first step.' },
          { title: 'Reply with questions', text: 'Simply reply to the email: we read every answer.' },
        ],
      },
    },
    webinar: {
      page: { title: 'You are registered', slug: 'registered' },
      seo: {
        title: 'You are registered: see you at the {project} webinar',
        description: 'Your seat at the webinar by {project} is saved. Here is how to join and how to prepare.',
      },
      hero: {
        eyebrow: 'Seat saved',
        heading: 'You are registered. See you there!',
        subheading: 'The link to join is on its way to your inbox, with a reminder on the day.',
      },
      features: {
        heading: 'Get ready',
        intro: '',
        items: [
          { title: 'Add it to your calendar', text: 'Use the calendar link in the confirmation email.' },
          { title: 'Bring your questions', text: 'We keep the last fifteen minutes for them.' },
          { title: 'Cannot make it?', text: 'No problem: the recording comes to your inbox afterwards.' },
        ],
      },
    },
    order: {
      page: { title: 'Order received', slug: 'order-received' },
      seo: { title: 'Order received: thank you from {project}', description: 'Thank you for your order with {project}. Here is what happens next.' },
      hero: {
        eyebrow: 'Order received',
        heading: 'Thank you for your order!',
        subheading: 'We have your request at the sale price and confirm everything by email shortly.',
      },
      features: {
        heading: 'What happens next',
        intro: '',
        items: [
          { title: 'Confirmation', text: 'You receive an email with your order details.' },
          { title: 'Payment', text: 'The email explains how to pay, at the sale price.' },
          { title: 'Delivery', text: 'We ship as soon as the payment arrives.' },
        ],
      },
    },
  },
  'link-in-bio': {
    page: { title: 'Links', slug: 'links' },
    seo: {
      title: '{project}: all our links',
      description: 'Everything from {project} in one place: our newest offer, our newsletter and where to follow us.',
    },
    hero: {
      eyebrow: '@{handle}',
      heading: '{project}',
      subheading: 'Welcome! Everything we share on Instagram, in one place.',
      follow: 'Follow us on Instagram',
      newsletter: 'Get our newsletter',
    },
    cta: {
      heading: 'Our newest offer',
      text: 'Be the first to hear about new products and offers, before anyone on Instagram.',
      button: 'Tell me first',
    },
    form: {
      title: 'Join our newsletter',
      intro: 'News and offers, about once a month.',
      submit: 'Sign me up',
      success: 'Welcome aboard! Check your inbox to confirm.',
    },
  },
};

export type PageTemplatesCopy = typeof PAGE_TEMPLATES_EN;
