import type { Source } from '#common/i18n/catalog.ts';

/**
 * The ad preview page's messages (decision 0032): a customer's page, rendered by the worker in
 * the project's language (worker/lib/i18n.ts), not the visitor's.
 */
export const en = {
  // The page: header, the ad's name and status, the mock-ups, the footer
  'preview.page.label': 'Ad preview',
  'preview.page.version': 'Version {revision}',
  'preview.page.status':
    '{status, select, draft {Draft} in_review {In review} approved {Approved} changes_requested {Changes requested} scheduled {Scheduled} published {Published} failed {Failed} other {—}}',
  'preview.page.placement':
    '{placement, select, instagram_feed {Instagram feed} instagram_story {Instagram story} instagram_reels {Instagram reels} facebook_feed {Facebook feed} other {—}}',
  'preview.page.safeZones': 'Show the safe zones of stories and reels',
  'preview.page.pictureAlt': '{name}, picture {position} of {count}',
  'preview.page.sharedWith': 'Shared with',
  'preview.page.approximations': 'mock-ups are approximations of each platform',

  // The review thread
  'preview.reviews.title': 'Review',
  'preview.reviews.empty': 'No reviews yet. Approve the ad, ask for changes, or leave a comment below.',
  'preview.reviews.emptyCommentOnly': 'No reviews yet. Leave a comment below.',
  'preview.reviews.team': 'team',
  'preview.reviews.decision': '{decision, select, approve {Approved} request_changes {Requested changes} other {Commented}}',
  'preview.reviews.version': 'version {revision}',
  'preview.reviews.date': '{date} UTC',
  'preview.reviews.sent':
    '{decision, select, approve {Thank you — your approval was sent to the team.} request_changes {Thank you — your change request was sent to the team.} other {Thank you — your comment was sent to the team.}}',

  // The review form
  'preview.form.title': 'Your review of version {revision}',
  'preview.form.intro': 'The team gets an email with your review. Nothing changes until you press a button.',
  'preview.form.reviewAs': 'You review as',
  'preview.form.roleOf': '{role, select, owner {owner} editor {editor} other {viewer}} of this project.',
  'preview.form.viewerNote': 'Viewers comment; approving the ad or requesting changes is up to its editors and owner.',
  'preview.form.name': 'Your name',
  'preview.form.email': 'Email',
  'preview.form.emailHint': '(optional, for replies)',
  'preview.form.comment': 'Comment',
  'preview.form.commentHint': '(needed when you request changes)',
  'preview.form.honeypot': 'Leave this empty',
  'preview.form.approve': 'Approve',
  'preview.form.requestChanges': 'Request changes',
  'preview.form.commentOnly': 'Comment only',
  'preview.form.commentButton': 'Comment',

  // Why a review was refused
  'preview.error.fix': 'Please correct the highlighted fields.',
  'preview.error.viewerOnly': 'Viewers of this project can comment on its ads; approving them or requesting changes is up to its editors and owner.',
  'preview.error.archived': 'This ad’s project is archived, so reviews are closed. Ask the team that sent you the link.',
  'preview.error.tooMany': 'Too many attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'preview.error.full': 'This ad has received as many reviews as it can take. Ask the team that sent you the link.',
  'preview.error.unreadable': 'The form could not be read. Please send it again.',
  // Comments pinned on the picture (decision 0052)
  'preview.pins.title': 'Comments on the picture',
  'preview.pins.hint': 'Click a spot of the picture, or select words of the caption, to pin a comment there.',
  'preview.pins.noScript': 'Pinning a comment on a spot needs JavaScript; without it, use the review form below.',
  'preview.pins.empty': 'No comments are pinned yet.',
  'preview.pins.caption': 'Caption',
  'preview.pins.picture': 'Picture {position, number}',
  'preview.pins.pinLabel': 'Comment {number, number}',
  'preview.pins.earlier': 'On an earlier version ({revision, number})',
  'preview.pins.resolvedBy': 'Resolved by {name}',
  'preview.pins.resolve': 'Resolve',
  'preview.pins.reopen': 'Reopen',
  'preview.pins.reply': 'Reply',
  'preview.pins.replyButton': 'Send reply',
  'preview.pins.newTitle': 'Pin a comment',
  'preview.pins.newOnPicture': 'On picture {position}, where the new dot is.',
  'preview.pins.newOnPhrase': 'On the words “{phrase}”.',
  'preview.pins.comment': 'Comment',
  'preview.pins.submit': 'Pin comment',
  'preview.pins.cancel': 'Cancel',
  'preview.pins.gone': 'The caption no longer says this.',
  'preview.pins.linkReviewer': 'the link’s reviewer',

  // The review board (/board/{token}): every ad waiting for the customer
  'preview.board.label': 'Review board',
  'preview.board.metaTitle': '{project} — review board',
  'preview.board.metaDescription': 'Ads of {project} waiting for review.',
  'preview.board.title': 'Ads waiting for your review',
  'preview.board.count':
    '{count, plural, =0 {Nothing waits for your review right now. The team will send you the next ads when they are ready.} one {# ad waits for you, newest first.} other {# ads wait for you, newest first.}}',
  'preview.board.reviewer': 'You review as',
  'preview.board.reviewerHint': 'Your name goes with every review you send from this page; this device remembers it for this board.',
  'preview.board.emailHint': '(optional: your approval counts for the step that names this address)',
  'preview.board.level': 'waiting at “{level}”',
  'preview.board.otherPlacements': '{count, plural, one {Show # more placement} other {Show # more placements}}',
  'preview.board.thread': '{count, plural, =0 {No reviews yet} one {# review so far} other {# reviews so far, the latest:}}',
  'preview.board.message': 'Message to the team',
  'preview.board.approveOne': 'Approve',
  'preview.board.changesOne': 'Request changes',
  'preview.board.selectedHint': 'Tick the ads you are happy with to approve them all at once.',
  'preview.board.approveSelected': 'Approve selected',
  'preview.board.done.title': 'Thank you — the team has been told.',
  'preview.board.done.approved': '{count, plural, one {# ad approved.} other {# ads approved.}}',
  'preview.board.done.changes': '{count, plural, one {Changes requested on # ad.} other {Changes requested on # ads.}}',
  'preview.board.done.comments':
    '{count, plural, one {# review kept as a comment: that ad waits for another approver.} other {# reviews kept as comments: those ads wait for other approvers.}}',
  'preview.board.done.skipped':
    '{count, plural, one {# ad left out: it no longer waits on this board.} other {# ads left out: they no longer wait on this board.}}',
} as const satisfies Source;
