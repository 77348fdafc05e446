import { REVIEW_DECISIONS, charCount, type MockupAd, type ReviewDecision } from '#common/ads.ts';
import { decisionsAt, decisionsUnder } from '#common/approval-chain.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { matchEnglish } from '#common/i18n/translate-english.ts';
import type { AdReview } from '#common/schemas/ads.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import type { Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { consume } from '#worker/lib/rate-limit.ts';
import type { PageMeta } from '#worker/ssr/render.ts';
import { adForPreview, memberReview, recordReview, reviewStep, reviewsOf } from '#worker/features/ads/core/service.ts';
import { addPin, pinsOf, replyToPin, resolvePin } from '#worker/features/ads/pins/service.ts';
import { PIN_SPOT_MESSAGE, spotOf, type AdPin, type PreviewPinForm, type PreviewReplyForm } from '#common/schemas/ad-pins.ts';

/**
 * The shareable ad preview (PRODUCT.md §4.4): no login, the unguessable id is the key. GETs
 * only read (a link unfurler or a mail scanner changes nothing); a review is a POST from the
 * page's form behind a visible button, under the usual cross-site rule. A signed-in member of
 * the ad's project reviews as themselves, as their role allows (a viewer comments); anyone
 * else, signed in or not, is the customer the link was made for. routes.tsx reads the request
 * and draws the page; the rules are here.
 */

/** Preview ids are ≥ 128 random bits in base64url; anything else is not looked up. */
const PREVIEW_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** Reviews per visitor network (an IPv6 /64 is one) and hour: plenty for a customer, little for a script. */
export const REVIEW_LIMIT = { limit: 20, windowMs: 60 * 60_000 };
/** Pins, replies, resolves and reopens per visitor network and hour: a long review session fits, a script does not. */
export const PIN_LIMIT = { limit: 120, windowMs: 60 * 60_000 };
const NOT_FOUND = 'This preview link does not exist or was revoked.';
/** Why a review through the link is refused while the project is archived (the page says it in its own language). */
export const ARCHIVED_MESSAGE = 'This ad’s project is archived, so reviews are closed. Ask the team that sent you the link.';

/** Whether a refusal is the approval chain's (its messages are the `validation.chain.*` ones): the page says it as it is, translated. */
export function isChainRefusal(error: AppError): boolean {
  return matchEnglish(error.message)?.id.startsWith('validation.chain.') ?? false;
}

/** Whether `id` can be a preview id at all. */
export function isPreviewId(id: string): boolean {
  return PREVIEW_ID.test(id);
}

/** The preview id of the path; anything that cannot be one is a 404, like an unknown one. */
export function previewIdOf(id: string): string {
  if (!isPreviewId(id)) throw new AppError('not_found', NOT_FOUND);
  return id;
}

type Found = NonNullable<Awaited<ReturnType<typeof adForPreview>>>;

async function findPreview(db: Db, previewId: string, user?: SessionUser | null): Promise<Found> {
  const found = await adForPreview(db, previewIdOf(previewId), user?.id);
  if (!found) throw new AppError('not_found', NOT_FOUND);
  return found;
}

/** The account name as Instagram would show it: lower case, letters, digits, dots and underscores. */
function handleOf(pageName: string): string {
  const handle = pageName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '')
    .slice(0, 30);
  return handle || 'yourbrand';
}

/**
 * An ad as the mock-ups draw it, its pictures and avatar at the addresses given (the preview's,
 * or the review board's: ../board/), its alt texts in the project's language.
 */
export function mockupFor(
  ad: Pick<Found['ad'], 'kind' | 'name' | 'pageName' | 'primaryText' | 'headline' | 'description' | 'cta' | 'destinationUrl'>,
  project: { name: string; locale: Locale },
  items: readonly { width: number; height: number }[],
  urls: { avatar: string | null; picture: (index: number) => string },
): MockupAd {
  const i18n = i18nFor(project.locale);
  const pageName = ad.pageName || project.name;
  return {
    kind: ad.kind,
    pageName,
    handle: handleOf(pageName),
    avatarUrl: urls.avatar,
    primaryText: ad.primaryText,
    headline: ad.headline,
    description: ad.description,
    cta: ad.cta,
    destinationUrl: ad.destinationUrl,
    items: items.map((item, index) => ({
      url: urls.picture(index),
      width: item.width,
      height: item.height,
      alt: items.length > 1 ? i18n._('preview.page.pictureAlt', { name: ad.name, position: index + 1, count: items.length }) : ad.name,
    })),
  };
}

function mockupOf(found: Found, previewId: string): MockupAd {
  return mockupFor(found.ad, found.project, found.items, {
    avatar: found.avatar ? `/preview/${previewId}/avatar` : null,
    picture: (index) => `/preview/${previewId}/image/${index}`,
  });
}

function summaryOf(found: Found): string {
  const text = found.ad.headline || found.ad.primaryText;
  if (!text) return `An ad of ${found.project.name}, shared for review.`;
  return charCount(text) > 160 ? `${Array.from(text).slice(0, 157).join('')}…` : text;
}

/** The decision a review was just sent with (`?reviewed=`), to thank the visitor for it. */
export function sentDecision(reviewed: string | undefined): ReviewDecision | undefined {
  return REVIEW_DECISIONS.find((decision) => decision === reviewed);
}

/** What the preview page shows, and how it is served. */
export interface PreviewPage {
  meta: PageMeta;
  /** The page is kept out of search engines and their link graph. */
  headers: Record<string, string>;
  previewId: string;
  /** The project's language (issue 28 §2): the page speaks the customer's language, not the visitor's. */
  locale: Locale;
  name: string;
  projectName: string;
  status: Found['ad']['status'];
  revision: number;
  placements: Found['ad']['placements'];
  ad: MockupAd;
  /** The thread without the reviewers' email addresses: the public page never shows them. */
  reviews: Omit<AdReview, 'reviewerEmail'>[];
  /** A signed-in member of the ad's project reviews as themselves (null: a visitor, who gives a name). */
  member: { name: string; role: ProjectRole } | null;
  /** The decisions the form offers (a viewer only comments). */
  decisions: readonly ReviewDecision[];
  /** The comments pinned on the pictures and the caption (decision 0052). */
  pins: AdPin[];
}

/**
 * The preview page of `previewId` (404 for an unknown or revoked one) for `user` (signed in or
 * null); `origin` makes its picture's address absolute.
 */
export async function previewPage(db: Db, previewId: string, origin: string, user: SessionUser | null): Promise<PreviewPage> {
  const found = await findPreview(db, previewId, user);
  const [reviews, pins] = await Promise.all([reviewsOf(db, found.ad.id), pinsOf(db, found.ad)]);
  const first = found.items[0];
  return {
    meta: {
      title: `${found.ad.name} — ad preview`,
      description: summaryOf(found),
      noindex: true,
      locale: found.project.locale,
      ...(first ? { image: { url: `${origin}/preview/${previewId}/image/0`, width: first.width, height: first.height, alt: found.ad.name } } : {}),
    },
    headers: { 'X-Robots-Tag': 'noindex, nofollow' },
    previewId,
    locale: found.project.locale,
    name: found.ad.name,
    projectName: found.project.name,
    status: found.ad.status,
    revision: found.ad.revision,
    placements: found.ad.placements,
    ad: mockupOf(found, previewId),
    reviews: reviews.map(({ reviewerEmail: _hidden, ...review }) => review),
    member: user && found.role ? { name: user.name, role: found.role } : null,
    decisions: decisionsAt(decisionsUnder(found.chain.saved.mode, found.role), found.ad.status),
    pins: pins.items,
  };
}

/** A picture of the preview (`n`: its position) or its avatar, from R2, with its headers; 404 when there is none. */
export async function previewFile(
  db: Db,
  bucket: R2Bucket,
  previewId: string,
  file: { picture: string } | 'avatar',
): Promise<{ body: ReadableStream; headers: Record<string, string> }> {
  previewIdOf(previewId);
  let key: string;
  let fallbackType: string;
  if (file === 'avatar') {
    const found = await findPreview(db, previewId);
    if (!found.avatar) throw new AppError('not_found');
    key = found.avatar.r2Key;
    fallbackType = found.avatar.contentType;
  } else {
    if (!/^\d{1,2}$/.test(file.picture)) throw new AppError('not_found');
    const found = await findPreview(db, previewId);
    const item = found.items[Number(file.picture)];
    if (!item) throw new AppError('not_found');
    key = item.r2Key;
    fallbackType = 'image/png';
  }
  const object = await bucket.get(key);
  if (!object) throw new AppError('not_found');
  return {
    body: object.body,
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? fallbackType,
      'Content-Length': String(object.size),
      // Short: a revoked link stops serving its pictures within minutes everywhere.
      'Cache-Control': 'public, max-age=300',
      ETag: object.httpEtag,
      'X-Robots-Tag': 'noindex',
    },
  };
}

/** The review form as the page posts it. */
export interface ReviewForm {
  decision: ReviewDecision;
  /** A visitor's name (required of them); a member reviews under their own. */
  name?: string | undefined;
  email?: string | undefined;
  comment?: string | undefined;
  revision?: string | undefined;
  /** The honeypot: people leave it empty. */
  website?: string | undefined;
}

/**
 * A review through the link: recorded (limited per network, refused while the project is
 * archived) unless the honeypot was filled; a signed-in member's as theirs, refused (403) when
 * their role does not give the decision. Returns where the page sends the reviewer (303);
 * throws what the form shows again (formFailure, a 403) or a 404.
 */
export async function submitReview(
  db: Db,
  mailer: Mailer,
  previewId: string,
  input: ReviewForm,
  request: { ip: string; origin: string; user: SessionUser | null },
): Promise<string> {
  const found = await findPreview(db, previewId, request.user);
  const done = `/preview/${previewId}?reviewed=${input.decision}#reviews`;
  // The honeypot was filled: a bot. It sees the usual answer and nothing is stored.
  if (input.website) return done;
  // An archived project is read-only for its members; its customers cannot move it either.
  if (found.project.archivedAt) throw new AppError('conflict', ARCHIVED_MESSAGE);
  const member = request.user && found.role ? { user: request.user, role: found.role, project: found.project } : null;
  const revision = input.revision ? Number(input.revision) : found.ad.revision;
  // Refused before the try counts against the network's limit (what the member's role and the chain refuse).
  if (member)
    reviewStep(found.chain, found.ad, { decision: input.decision, userId: member.user.id, reviewerEmail: member.user.email, role: member.role, revision });
  await consume(db, `preview-review:${clientNetwork(request.ip)}`, REVIEW_LIMIT);
  if (member) {
    await memberReview(db, mailer, found.ad, member, { decision: input.decision, comment: input.comment, revision }, request.origin, found.chain);
    return done;
  }
  // A visitor: the address they give decides whether they approve for the level the ad waits at (else it is a comment).
  await recordReview(
    db,
    mailer,
    found.ad,
    {
      decision: input.decision,
      comment: input.comment ?? '',
      reviewerName: input.name ?? '',
      reviewerEmail: input.email ? input.email : null,
      userId: null,
      role: null,
      revision,
      origin: request.origin,
    },
    found.chain,
  );
  return done;
}

/** Who writes through the link: a signed-in member of the ad's project as themselves, anyone else under the name they give. */
function pinAuthor(found: Found, user: SessionUser | null, name: string | undefined) {
  if (user && found.role) return { userId: user.id, name: user.name };
  return { userId: null, name: name ?? '' };
}

/**
 * The checks every write through the link passes (after the lookup): a filled honeypot is a
 * bot (nothing is stored, `false`), an archived project takes none (409), and each counts
 * against the visitor network's hourly limit.
 */
async function pinWriteAllowed(db: Db, found: Found, honeypot: string | undefined, ip: string): Promise<boolean> {
  if (honeypot) return false;
  if (found.project.archivedAt) throw new AppError('conflict', ARCHIVED_MESSAGE);
  await consume(db, `preview-pin:${clientNetwork(ip)}`, PIN_LIMIT);
  return true;
}

interface LinkRequest {
  ip: string;
  user: SessionUser | null;
}

/** A comment pinned through the link (the page's script filled its spot); returns where the page sends the reviewer (303). */
export async function submitPin(db: Db, previewId: string, input: PreviewPinForm, request: LinkRequest): Promise<string> {
  const found = await findPreview(db, previewId, request.user);
  const spot = spotOf(input);
  if (!spot) throw new AppError('validation_failed', PIN_SPOT_MESSAGE, { spot: [PIN_SPOT_MESSAGE] });
  if (!(await pinWriteAllowed(db, found, input.website, request.ip))) return `/preview/${previewId}#pins`;
  const author = pinAuthor(found, request.user, input.name);
  const pin = await addPin(db, found.ad, found.items.length, author, { spot, body: input.body, revision: input.revision });
  return `/preview/${previewId}#pin-${pin.number}`;
}

/** A reply through the link to the pin `pinId` of this preview's ad (another ad's: 404). */
export async function submitPinReply(db: Db, previewId: string, pinId: string, input: PreviewReplyForm, request: LinkRequest): Promise<string> {
  const found = await findPreview(db, previewId, request.user);
  if (await pinWriteAllowed(db, found, input.website, request.ip))
    await replyToPin(db, found.ad, pinId, pinAuthor(found, request.user, input.name), input.body);
  return `/preview/${previewId}#pins`;
}

/** Resolves (or reopens) a pin through the link; the resolver is the member, else "the link's reviewer" as the page says it. */
export async function submitPinResolution(db: Db, previewId: string, pinId: string, resolved: boolean, request: LinkRequest): Promise<string> {
  const found = await findPreview(db, previewId, request.user);
  if (await pinWriteAllowed(db, found, undefined, request.ip)) {
    const by =
      request.user && found.role
        ? { userId: request.user.id, name: request.user.name }
        : { userId: null, name: i18nFor(found.project.locale)._('preview.pins.linkReviewer') };
    await resolvePin(db, found.ad, pinId, resolved ? by : null);
  }
  return `/preview/${previewId}#pins`;
}
