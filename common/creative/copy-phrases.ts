import type { Goal, Tone } from '#common/creative/copywriter.ts';

/**
 * The phrase banks of the rule-based copywriter (common/creative/copywriter.ts): per goal and
 * per tone of voice, the headlines, body sentences and buttons it combines. Lines never state
 * facts (no prices, discounts, dates or numbers); each goal bank holds more lines than the 8
 * variations a batch may ask for.
 */

/** A pattern: `{s}` is the subject in the middle of a sentence, `{S}` at its start, `{p}` the brand. */
type Bank = readonly string[];

export interface GoalBank {
  headlines: Bank;
  /** First sentences of a body. */
  openers: Bank;
  /** Second sentences of a body (also the endings of the user's own body). */
  closers: Bank;
  ctas: Bank;
}

export const GOAL_BANKS: Record<Goal, GoalBank> = {
  sale: {
    headlines: [
      '{S}, now for less',
      'The {s} sale is on',
      'Save on {s}',
      'Your moment for {s}',
      '{S} at a better price',
      'Treat yourself to {s}',
      'Less to pay, more {s}',
      'The best time for {s}',
      '{S}: while stocks last',
      'Sale on {s} starts now',
      'Good things, smaller price',
      'Now is the time to save',
    ],
    openers: [
      'Our favourites are marked down for a short time.',
      'The prices just dropped on the things you love.',
      'A rare chance to save on the good stuff.',
      'Stock up on what you use every day, for less.',
      'Quality you can count on, at a price you’ll like.',
      'Fewer reasons to wait, more reasons to treat yourself.',
      'The season’s best picks, now at sale prices.',
      'Everything you had your eye on costs less today.',
    ],
    closers: [
      'Only while stocks last.',
      'Don’t miss it.',
      'The offer ends soon.',
      'Grab yours before it’s gone.',
      'Shop early for the best choice.',
      'Limited time only.',
    ],
    ctas: ['Shop the sale', 'Grab the deal', 'Save now', 'Shop now', 'Get the offer', 'See the deals', 'Claim your deal', 'Shop the offer'],
  },
  launch: {
    headlines: [
      'Meet {s}',
      'Introducing {s}',
      'Say hello to {s}',
      '{S} is here',
      'New: {s}',
      'The all-new {s}',
      '{S}, just launched',
      'First look: {s}',
      'Fresh from {p}: {s}',
      'Something new from {p}',
      'Made new, made better',
      'The wait is over',
    ],
    openers: [
      'We built it to make your day a little easier.',
      'Designed with care, tested by people like you.',
      'Everything you liked, and a few things you asked for.',
      'A fresh take on something you use every day.',
      'It has been a long time coming, and it was worth it.',
      'Small details, big difference: see what is new.',
      'Out now, and ready when you are.',
      'Our newest idea, made to last.',
    ],
    closers: ['Be one of the first to try it.', 'See what is new.', 'Try it today.', 'Available now.', 'Find out more.', 'Discover it today.'],
    ctas: ['Discover it', 'See what’s new', 'Try it now', 'Learn more', 'Be the first', 'Explore now', 'Get yours', 'Take a look'],
  },
  event: {
    headlines: [
      'Join us for {s}',
      'Save the date: {s}',
      'You’re invited: {s}',
      '{S}: be there',
      'Don’t miss {s}',
      '{S}, live',
      'See you at {s}',
      'Reserve your spot for {s}',
      'An evening of {s}',
      'Come along to {s}',
      'Mark your calendar',
      'Seats are filling up',
    ],
    openers: [
      'An evening of good ideas and good company.',
      'Meet the people behind {p} and see what we do.',
      'Talks, demos and time to ask your questions.',
      'Bring a friend and make a day of it.',
      'A few hours that will change how you work.',
      'Everything you need to know, in one place.',
      'Learn something new and leave inspired.',
      'Seats are limited, so plan ahead.',
    ],
    closers: [
      'Book your place today.',
      'Places are limited.',
      'We’d love to see you there.',
      'Free to join.',
      'Sign up in a minute.',
      'Reserve your spot now.',
    ],
    ctas: ['Book your seat', 'Reserve a spot', 'Get tickets', 'Register now', 'Join us', 'Save my seat', 'RSVP now', 'Sign up'],
  },
  testimonial: {
    headlines: [
      '“{S} changed how we work”',
      '“We can’t imagine going back”',
      '“Exactly what we needed”',
      '“{S}, done right”',
      'Why customers choose {p}',
      'Loved by people like you',
      'Don’t take our word for it',
      '“The best decision we made this year”',
      'Real people, real results',
      '“It just works”',
      'What our customers say about {s}',
      'Trusted for {s}',
    ],
    openers: [
      'Hear it from the people who use it every day.',
      'Our customers say it better than we could.',
      'Thousands of happy customers and counting.',
      'Real stories from people who made the switch.',
      'We asked our customers what they think.',
      'Honest words from people who know us well.',
      'The kind of feedback that keeps us going.',
      'They tried it, they stayed.',
    ],
    closers: ['See why they love it.', 'Join them today.', 'Read more stories.', 'Find out for yourself.', 'Try it and see.', 'Your turn.'],
    ctas: ['Read the stories', 'See why', 'Join them', 'Try it yourself', 'Hear more', 'Find out why', 'See reviews', 'Start today'],
  },
  hiring: {
    headlines: [
      'We’re hiring: {s}',
      'Join the team behind {p}',
      'Your next role: {s}',
      'Open role: {s}',
      'Come work with us',
      'Grow with {p}',
      'Looking for your next step?',
      'Do your best work here',
      'Make {s} your next move',
      'Great people wanted',
      '{S}: join us',
      'Your career, your way',
    ],
    openers: [
      'A team that listens, learns and ships together.',
      'Meaningful work with people who care.',
      'We look for curious people who like to build.',
      'Room to grow, and the support to do it.',
      'Flexible hours and a team that has your back.',
      'Bring your ideas: we will make room for them.',
      'Work on things people use every day.',
      'Help a growing team do its best work.',
    ],
    closers: ['Apply today.', 'We would love to hear from you.', 'See the open roles.', 'Applications are open.', 'Say hello.', 'Join us.'],
    ctas: ['Apply now', 'See open roles', 'Join the team', 'View jobs', 'Apply today', 'Meet the team', 'Send your CV', 'Learn more'],
  },
  app: {
    headlines: [
      '{S}, in your pocket',
      'Get {s} on your phone',
      'The {p} app is here',
      '{S}, one tap away',
      'Download {s}',
      'Everything you need, in one app',
      'Your day, simplified',
      'Take {s} with you',
      '{S} on the go',
      'Try the app everyone talks about',
      'Less hassle, more done',
      'Made for your phone',
    ],
    openers: [
      'Everything in one place, wherever you are.',
      'Set up in a minute, useful from day one.',
      'Simple to start, easy to love.',
      'Plan, track and share from your phone.',
      'Fast, light and made for every day.',
      'All your favourites, one tap away.',
      'Designed for busy days and short breaks.',
      'Free to download, easy to use.',
    ],
    closers: ['Download it today.', 'Free on iOS and Android.', 'Get started in seconds.', 'Try it now.', 'Install it in a tap.', 'See how it works.'],
    ctas: ['Download now', 'Get the app', 'Install free', 'Try the app', 'Open the app', 'Get it free', 'Download free', 'Start now'],
  },
  awareness: {
    headlines: [
      '{S}, made simple',
      'Discover {s}',
      '{S} for every day',
      'A better kind of {s}',
      '{S}, done right',
      'Why {s} matters',
      'All about {s}',
      'This is {p}',
      '{S} starts here',
      'Made for people who care',
      'Small details, big difference',
      'See what sets us apart',
    ],
    openers: [
      'Made with care and ready when you are.',
      'Quality you can feel from the first day.',
      'Fresh ideas, fair prices and a team that listens.',
      'Everything in one place, without the hassle.',
      'Loved by people who care about the details.',
      'Here for you every day, online and in person.',
      'Thoughtfully made for the way you live.',
      'Simple to start, easy to love.',
    ],
    closers: ['See for yourself.', 'Come and see.', 'Find out more.', 'Say hello.', 'Discover more.', 'Try it today.'],
    ctas: ['Learn more', 'Discover more', 'Find out more', 'See how', 'Explore', 'Get started', 'Take a look', 'Visit us'],
  },
};

/** What the tone adds: its own lines, endings and buttons, and how a sentence ends. */
export interface ToneBank {
  headlines: Bank;
  closers: Bank;
  ctas: Bank;
  /** Headlines end with "!" sometimes (bold, warm), never (premium, professional). */
  exclaim: boolean;
}

export const TONE_BANKS: Record<Tone, ToneBank> = {
  bold: {
    headlines: ['{S}. No compromises.', 'Go big with {s}', '{S}. Right now.', 'Ready? {S}', 'All in on {s}', 'Go for {s}'],
    closers: ['Go on, you know you want to.', 'Right now.', 'No excuses.', 'Make your move.', 'Don’t wait.'],
    ctas: ['Go for it', 'Let’s go', 'Get it now', 'Do it today', 'Jump in'],
    exclaim: true,
  },
  warm: {
    headlines: ['Hello, {s}', 'A little {s} for you', 'Made with love: {s}', 'We think you’ll love {s}', '{S}, just for you', 'Come say hi to {s}'],
    closers: ['We can’t wait to see you.', 'Pop in and say hello.', 'You’re going to love it.', 'Made with you in mind.', 'See you soon.'],
    ctas: ['Come say hi', 'Take a peek', 'Treat yourself', 'Join the fun', 'Have a look'],
    exclaim: true,
  },
  premium: {
    headlines: ['{S}, refined', 'The art of {s}', '{S}. Quietly exceptional.', 'Crafted for {s}', 'Timeless {s}', '{S}, elevated'],
    closers: ['Crafted to last.', 'Discover the collection.', 'By appointment or online.', 'Made without shortcuts.', 'Experience the difference.'],
    ctas: ['Discover more', 'Explore the collection', 'Book a visit', 'View the range', 'Experience it'],
    exclaim: false,
  },
  professional: {
    headlines: [
      '{S} that delivers',
      'Reliable {s}, every time',
      '{S}: the smart choice',
      'Better results with {s}',
      'Built for teams: {s}',
      '{S} you can trust',
    ],
    closers: ['Talk to our team.', 'See the results for yourself.', 'Get the details.', 'Request a demo.', 'Start with a free trial.'],
    ctas: ['Talk to us', 'Request a demo', 'Get the details', 'Book a call', 'Start a trial'],
    exclaim: false,
  },
  neutral: {
    headlines: ['{S}, your way', 'Everything {s}', 'Choose {s}', 'Hello {s}', '{S} is for you', 'Make room for {s}'],
    closers: ['See what is new.', 'Find yours.', 'Start now.', 'Come and see.', 'Ask us how.'],
    ctas: ['See more', 'Find yours', 'Start now', 'Come and see', 'Read more'],
    exclaim: false,
  },
};
