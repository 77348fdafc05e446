import type { Source } from '#common/i18n/catalog.ts';

/**
 * The words Adloom itself puts on a customer's pages (decision 0032): a funnel page's form
 * messages and countdown units, in the language of the funnel (`funnels.locale`), not the
 * visitor's or the author's. Rendered at the edge and in the editor's previews.
 */
export const en = {
  // The ad mock-ups (client/public/pages/ad-mockups.tsx): a platform's own words around the ad, on its preview page and in presentations
  'content.mockup.more': '… more',
  'content.mockup.sponsored': 'Sponsored',
  'content.mockup.sponsoredAudio': 'Sponsored · Original audio',
  'content.mockup.like': 'Like',
  'content.mockup.comment': 'Comment',
  'content.mockup.share': 'Share',
  'content.mockup.carousel': 'carousel',
  'content.mockup.pictures': '{count, plural, one {# picture} other {# pictures}}',
  'content.mockup.pictureOf': 'Picture {position} of {count}',
  'content.mockup.dots': 'Carousel pictures',
  'content.mockup.showPicture': 'Show picture {position}',
  'content.mockup.safeZones': 'Keep text out of the red areas',
  'content.mockup.instagramFeed': 'Instagram feed post',
  'content.mockup.instagramStory': 'Instagram story',
  'content.mockup.instagramReel': 'Instagram reel',
  'content.mockup.facebookFeed': 'Facebook feed post',
  'content.mockup.cta':
    '{cta, select, learn_more {Learn more} shop_now {Shop now} sign_up {Sign up} book_now {Book now} contact_us {Contact us} download {Download} other {Learn more}}',

  'content.countdown.days': 'Days',
  'content.countdown.hours': 'Hours',
  'content.countdown.minutes': 'Minutes',
  'content.countdown.ends': 'Ends {date} UTC',
  'content.countdown.ended': 'This offer has ended.',
  'content.form.choose': 'Choose…',
  'content.form.fix': '{count, plural, one {Please correct the field marked below.} other {Please correct the fields marked below.}}',
  'content.form.honeypot': 'Leave this field empty',
  'content.form.sending': 'Sending…',
  'content.lead.fill': 'Fill in “{label}”.',
  'content.lead.text': 'Use text here.',
  'content.lead.max': 'Use at most {max} characters.',
  'content.lead.emailLong': 'That email address is too long.',
  'content.lead.email': 'Enter your email address.',
  'content.lead.emailInvalid': 'Enter a valid email address, like name@example.com.',
  'content.lead.phone': 'Enter your phone number.',
  'content.lead.phoneInvalid': 'Enter a valid phone number, like +49 30 1234567.',
  'content.lead.pick': 'Pick one of the options.',
  'content.lead.tick': 'Tick this box to continue.',
  'content.lead.tooMany': '{minutes, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}',

  // The funnel's 404 (a page it does not have, or one not live)
  'content.notFound.title': 'Page not found',
  'content.notFound.description': 'This page does not exist.',
  'content.notFound.heading': 'This page does not exist',
  'content.notFound.body': 'The link may be mistyped, or the page is no longer published.',
  'content.notFound.home': 'Go to the start page',

  'content.footer': 'Footer',
  'content.image.missing': 'Image not found',
  'content.image.none': 'No image yet',
  'content.video.pickFile': 'Pick a video from the library',
  'content.video.pasteLink': 'Paste a YouTube or Vimeo link',
  'content.video.download': 'Download the video: {title}',
  'content.video.play': 'Play video{title} on {provider}',
  'content.testimonials.rated': 'Rated {rating} out of 5',
} as const satisfies Source;
