import type { Source } from '#common/i18n/catalog.ts';

/**
 * Every email Adloom sends (issue 28), in the recipient's language: subjects and lines of the
 * plain-text body (no email has an HTML part). One id per line, so that an email keeps its
 * lines' order in code while the words live here. Ids are `email.<kind>.<part>`.
 */
export const en = {
  'email.greeting': 'Hi {name},',
  'email.quoted': '“{name}”',
  'email.passwordReset.subject': 'Reset your Adloom password',
  'email.passwordReset.asked': 'Someone (hopefully you) asked to reset the password of your Adloom account.',
  'email.passwordReset.choose': 'Choose a new password here (the link works once, for one hour):',
  'email.passwordReset.ignore': 'If you did not ask for this, ignore this email: your password stays as it is.',
  'email.deletionCanceled.subject': 'Your Adloom account will not be deleted',
  'email.deletionCanceled.signedIn':
    'You signed in to Adloom, so the deletion of your account that you asked for is cancelled: your account, projects and files stay as they are.',
  'email.deletionCanceled.instagram':
    'Instagram connections were ended when you asked for the deletion; connect them again from the project’s Marketing page if you need them.',
  'email.deletionCanceled.notYou': 'If you did not sign in just now, change your password at once and sign out the other devices on your Account page.',
  'email.deletionScheduled.subject': 'Your Adloom account will be deleted on {date}',
  'email.deletionScheduled.asked':
    'You asked us to delete your Adloom account. You have been signed out everywhere, and your Instagram connections were ended.',
  'email.deletionScheduled.on': 'On {date} we delete your account for good:',
  'email.deletionScheduled.alone': '- your {count, plural, one {project} other {# projects}} ({names}) with their media, creatives, renders, ads and funnels;',
  'email.deletionScheduled.personal': '- your personal data;',
  'email.deletionScheduled.shared': '- projects you share with others ({names}) stay with them: ownership passes to their longest-standing editor (or viewer).',
  'email.deletionScheduled.records': '- payments and credit records are kept without your name, as accounting law requires.',
  'email.deletionScheduled.changed': 'Changed your mind? Sign in before then and nothing is deleted: {link}',
  'email.deletionScheduled.copy': 'Want a copy of your data first? Sign in, download it from your Account page, then ask again.',
  'email.ownershipReceived.subject': 'You now own “{project}” on Adloom',
  'email.ownershipReceived.body':
    'The owner of the project “{project}” deleted their Adloom account, and you were its longest-standing member, so the project is now yours: its members, deletion and Instagram connection are in your hands.',
  'email.ownershipReceived.archived': 'It is archived because your plan has no free project slot: archive another project or upgrade, then restore it.',
  'email.accountDeleted.subject': 'Your Adloom account has been deleted',
  'email.accountDeleted.body':
    'As you asked 30 days ago, your Adloom account has been deleted, with your personal data and the projects only you were in (their files are removed from storage within minutes).',
  'email.accountDeleted.shared': 'Projects you shared now belong to their members: {names}.',
  'email.accountDeleted.last': 'Payment and credit records are kept without your name for accounting. This is the last email we send you.',
  'email.export.subject': 'Your Adloom data was downloaded',
  'email.export.downloaded': 'A copy of your Adloom data (account, projects and their files) was downloaded on {time}.',
  'email.export.downloadedFrom': 'A copy of your Adloom data (account, projects and their files) was downloaded on {time} from {country}.',
  'email.export.you': 'If that was you, there is nothing to do.',
  'email.export.notYou': 'If it was not, change your password now and sign out the other devices on your Account page.',
  'email.invite.subject': '{inviter} invited you to “{project}” on Adloom',
  'email.invite.body': '{inviter} invited you to join the project “{project}” on Adloom as {role, select, editor {an editor} other {a viewer}}.',
  'email.invite.accept': 'Accept the invitation here (the link works once, for 7 days):',
  'email.invite.noAccount': 'No account yet? Create one with this address ({email}) and the invitation is waiting for you.',
  'email.lead.subject': 'New lead on “{page}” of “{funnel}”',
  'email.lead.body': 'There is a new lead on “{page}” of the funnel “{funnel}”.',
  'email.lead.link': 'See it with the funnel’s other leads in Adloom:',
  'email.lead.noLink': 'See it in Adloom, on the funnel’s page under Leads.',
  'email.lead.privacy': 'For the privacy of the people who fill in your forms, this email does not repeat what they typed.',
  'email.lead.why': 'You get this email because the funnel is set to announce new leads. An editor can turn it off on the funnel’s page.',
  'email.contact.subject': 'We received your message',
  'email.contact.thanks': 'thank you for writing to Adloom. We received your message and usually answer within one working day.',
  'email.contact.yours': 'Your message:',
  'email.contactNotice.subject': 'Contact form: {name}',
  'email.contactNotice.wrote': '{name} <{email}> wrote:',
  'email.contactNotice.id': 'Message id: {id}',
  'email.instagramBroken.yourProject': 'your project',
  'email.instagramBroken.subject': 'Instagram for {project} needs to be connected again',
  'email.instagramBroken.body': 'the Instagram account @{username} of the project “{project}” can no longer be used by Adloom:',
  'email.instagramBroken.scheduled': 'Scheduled posts of this project are not published until you connect the account again on the project’s Marketing page.',
  'email.approval.subject': '“{ad}” waits for your approval ({level})',
  'email.approval.body':
    'The ad “{ad}” waits for approval at the level “{level}” ({position} of {count}), and you are one of its approvers. Approve it or request changes; one approval moves it on.',
  'email.approval.see': 'See the ad and review it:',
  'email.review.subject':
    '{decision, select, approve {{reviewer} approved “{ad}”} request_changes {{reviewer} requested changes to “{ad}”} other {{reviewer} commented on “{ad}”}}',
  'email.review.body':
    '{reviewer}{via, select, preview { (through a shared link)} other {}} {decision, select, approve {approved} request_changes {requested changes to} other {commented on}} the ad “{ad}” (version {revision}).',
  'email.review.see': 'See the ad and its review thread:',
  'email.boardReview.subject': '{reviewer} reviewed {count, plural, one {# ad} other {# ads}} of “{project}”',
  'email.boardReview.body': '{reviewer} reviewed these ads through the review board:',
  'email.boardReview.item': '– “{ad}”: {decision, select, approve {approved} request_changes {changes requested} other {commented}}',
  'email.boardReview.see': 'See the ads and their review threads:',
  'email.webhookDisabled.subject': 'A webhook of {project} was switched off',
  'email.webhookDisabled.body':
    'Adloom could not deliver events to the webhook endpoint {url} of the project “{project}” for 24 hours, so it was switched off.',
  'email.webhookDisabled.fix': 'Check that the address answers with a 2xx status, then switch the endpoint on again in the project’s settings:',
  'email.presentationTalk.accessSubject': '{name} asks for access to your presentation for {customer}',
  'email.presentationTalk.interestSubject': '{name} is interested: your presentation for {customer}',
  'email.presentationTalk.accessWrote': '{name} <{email}> asked for access to your presentation for {customer}.',
  'email.presentationTalk.interestWrote': '{name} <{email}> answered “I’m interested” in your presentation for {customer}. Reply to them at that address.',
  'email.presentationTalk.grant': 'Give {name} their own link (it opens without the password) in one click:',
  'email.presentationTalk.grantExpired': 'Open it again for 30 days and give {name} their own link in one click:',
  'email.presentationTalk.workspace': 'All requests and visits are in the workspace:',
  'email.presentationTalk.grantedSubject': 'Your link to the presentation for {customer}',
  'email.presentationTalk.granted': '{author} gave you access to the presentation for {customer}. Your own link:',
  'email.presentationTalk.personal': 'The link is yours: please do not pass it on.',
} as const satisfies Source;
