/**
 * How deep the fuzz reaches (review F17): a changing route that refuses every one of the
 * owner's generated requests is tested for refusal only — its service never sees fuzzed
 * input. The fuzz counts, per route, the owner's accepted requests (< 400) and why the rest
 * were refused; `depthProblems` turns that into an assertion with an explicit allow-list.
 */
export interface Tally {
  /** Owner requests answered below 400. */
  accepted: number;
  /** Refused owner requests by `status code [detail fields]`, for the message. */
  refused: Map<string, number>;
}

/**
 * Changing routes that can never accept a request the fuzz generates, and why: each needs
 * something the fuzz cannot have — a secret (a password it does not send, a signature, a
 * token that was only mailed) or a provider that is off in tests. An entry whose route
 * accepts a request, or that names no changing route, fails the fuzz, so the list cannot go
 * stale.
 */
export const NEVER_ACCEPTED: Readonly<Record<string, string>> = {
  // Passwords and mailed tokens: the generator makes up strings, never the account's secret.
  'POST /api/auth/login': 'needs the account’s password',
  'POST /api/auth/password-reset/confirm': 'needs a reset token that was only mailed',
  'POST /api/me/password': 'needs the current password',
  'POST /api/me/deletion': 'needs the current password',
  'POST /api/invites/:token/accept': 'needs an invite token that was only mailed (the world holds the invite’s id, not its token)',
  // Signed by someone else.
  'POST /api/webhooks/stripe': 'signed by Stripe with the webhook secret',
  'POST /api/instagram/deauthorize': 'a signed_request signed by Meta with the app secret',
  'POST /api/instagram/data-deletion': 'a signed_request signed by Meta with the app secret',
  // Providers that are off in tests (vitest.config.ts TEST_BINDINGS).
  'POST /api/projects/:projectId/instagram/connect': 'Instagram is not configured (INSTAGRAM_APP_ID is empty)',
  'POST /monitoring': 'the Sentry tunnel answers 404 while SENTRY_DSN is empty',
};

/**
 * Changing routes the fuzz does not reach *yet*: they could accept a generated request, but
 * need a state the world (worker/reliability/world.ts) does not build, or input the generator
 * cannot shape. Each entry says what is missing; this is the fuzz's to-do list, not an
 * exemption by design. An entry that names no changing route fails the fuzz; one whose route
 * now accepts a request is reported (a larger FUZZ_RUNS reaches further), so that it can be
 * taken off.
 */
export const NOT_REACHED_YET: Readonly<Record<string, string>> = {
  'POST /api/projects/:projectId/ads':
    'needs creationIds naming the project’s creations as many times as the ad kind takes (the world’s one creation, once, for a single ad) with every copy field valid: none of the 20 of `npm test` is',
  'POST /api/projects/:projectId/batches':
    'needs the world’s creative id with rows whose modifications name its layers, and credits for every row: worker/features/creatives/batches/batches.test.ts covers it',
  'POST /api/projects/:projectId/batches/:batchId/cancel':
    'the world has no run of bulk creatives yet: worker/features/creatives/batches/batches.test.ts covers it',
  'POST /api/projects/:projectId/batches/:batchId/retry':
    'the world has no run of bulk creatives yet: worker/features/creatives/batches/batches.test.ts covers it',
  'POST /api/v1/batches':
    'the same rows as POST /api/projects/:projectId/batches (modifications naming the layers of a creative or a template, credits for every row), with a key: worker/features/api/v1/batches.test.ts covers it',
  'POST /api/v1/ads': 'the same ad form as POST /api/projects/:projectId/ads (creationIds naming the project’s creations, every copy field valid), with a key',
  'POST /api/ads/:id/publish': 'needs an approved ad and a connected Instagram account',
  'DELETE /api/ads/:id/publish': 'needs a published or scheduled ad',
  'POST /api/ads/:id/pins':
    'needs exactly one spot among five optional numbers (item, x and y, or start < end within the world ad’s caption) with item below its picture count (1): numbers take no world hints, so the spot is refused at 20',
  'POST /preview/:previewId/pins': 'the same spot as POST /api/ads/:id/pins, as form strings (forms take no world hints): refused at 20',
  'POST /board/:token/ads/:adId/pins':
    'the same spot as POST /api/ads/:id/pins, as form strings, on the ad in review the board lists (forms take no world hints): refused at 20',
  'POST /api/pages/:id/winner': 'needs a page running an A/B split',
  'PUT /api/funnels/:id/page-order': 'needs exactly the funnel’s page ids, in any order (an id list of the right length is rare)',
  'PATCH /api/pages/:id': 'needs the page’s current revision as baseRevision and a valid page document',
  'POST /api/pages/:id/publish': 'needs the page’s current revision as baseRevision: reached at 1,000 per route (2 accepted), not at 20',
  'PATCH /api/presentations/:id': 'needs the presentation’s current revision as baseRevision',
  'POST /api/projects/:projectId/funnels':
    'a funnel name must pass funnelNameProblem (a refinement the generator does not read): reached at 1,000 per route (15 accepted), not at 20',
  'POST /presents/:slug/ask': 'acts only on an expired or locked presentation (the world’s is live and open): 404 otherwise, by design',
  'POST /presents/:slug/interested': 'needs a presentation whose call to action is “I’m interested” (the world’s has none)',
  'POST /presents/:slug/grant': 'needs a grant token that was only mailed to the author',
  'POST /api/presentations/:id/recipients/:recipientId/revoke': 'needs the id of one of the presentation’s recipients (the world makes none)',
  'POST /api/presentations/:id/requests/:requestId/grant': 'needs the id of a visitor’s request (the world makes none)',
  'POST /p/:funnelName/:pageSlug': 'needs a published page with a form block (the world’s page has none)',
  'POST /api/projects/:projectId/brand-kit/read':
    'needs a url naming a public host (a dotted name, https or none): the generator’s strings seldom are (its outbound requests are answered by a fixture site)',
  'POST /api/playground/render': 'reads its JSON itself (parseOrThrow, no validate()), so the generator does not know its schema',
  'POST /api/billing/checkout': 'the owner is already on Agency (set directly): needs a plan or pack that can be bought',
  'POST /billing/checkout': 'the owner is already on Agency (set directly): needs a plan or pack that can be bought',
  'POST /api/billing/portal': 'needs a subscription (the world sets the plan without one)',
  'POST /api/billing/cancel': 'needs a subscription (the world sets the plan without one)',
  'POST /api/billing/resume': 'needs a subscription set to cancel',
  'POST /billing/sandbox/:paymentId/complete': 'needs a pending sandbox payment (from a checkout)',
  'POST /billing/sandbox/:paymentId/cancel': 'needs a pending sandbox payment (from a checkout)',
  'DELETE /api/projects/:projectId/api-keys/:keyId': 'needs the id of one of the project’s API keys (the world makes none)',
  'POST /api/affiliate/payouts': 'needs released commissions to pay out',
  'POST /api/admin/payouts/:id/approve': 'needs a payout request',
  'POST /api/admin/payouts/:id/reject': 'needs a payout request',
  'POST /api/admin/contact-messages/:id/handled': 'needs a contact message (the world makes none)',
  'POST /contact': 'three fields must be valid and the honeypot empty at once: reached at 1,000 per route (141 accepted), seldom at 20',
  'POST /de/contact': 'the German page of POST /contact (the same handler, mounted under /de): the same three fields and honeypot, seldom valid at 20',
  'POST /password-reset':
    'its fields sit behind a transform (read by schemaFields since c1eefc8); asking for a link needs a valid email and no token field at once: not reached at 20 (no 1,000-case run since)',
};

/** The distinct refusals of a route, most frequent first, e.g. `422 validation_failed [name] ×12`. */
export function refusalSummary(tally: Tally): string {
  return [...tally.refused]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([reason, count]) => `${reason} ×${count}`)
    .join(', ');
}

/**
 * What is wrong with the fuzz's depth: a changing route (one of `changing`) that ran and
 * accepted none of the owner's requests without being on either list, a `never` route that
 * accepted one, and an entry of either list that names no changing route. Empty when all is
 * well. Routes of `notYet` that were reached are returned apart, as news rather than failures.
 */
export function depthProblems(
  tallies: ReadonlyMap<string, Tally>,
  changing: readonly string[],
  never: Readonly<Record<string, string>> = NEVER_ACCEPTED,
  notYet: Readonly<Record<string, string>> = NOT_REACHED_YET,
): { problems: string[]; nowReached: string[] } {
  const problems: string[] = [];
  const nowReached: string[] = [];
  for (const key of changing) {
    const tally = tallies.get(key);
    if (!tally) continue; // not run (filtered out with -t)
    if (tally.accepted === 0 && !(key in never) && !(key in notYet))
      problems.push(`${key} accepted none of the owner's requests: ${refusalSummary(tally) || 'none sent'}`);
    if (tally.accepted > 0 && key in never)
      problems.push(`${key} is listed as never accepting (${never[key]}) but accepted ${tally.accepted}: take it off the list`);
    if (tally.accepted > 0 && key in notYet) nowReached.push(`${key} (${tally.accepted} accepted)`);
  }
  for (const key of [...Object.keys(never), ...Object.keys(notYet)])
    if (!changing.includes(key)) problems.push(`${key} is listed as not accepting but is not a changing route`);
  return { problems, nowReached };
}
