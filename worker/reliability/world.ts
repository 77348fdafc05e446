import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { getDb } from '#worker/db/client.ts';
import { adItems, adPins, ads, brandFonts, creations, creditBalances, leads, scheduledPosts, users, webhookDeliveries } from '#worker/db/schema.ts';
import { AD_LIMITS } from '#common/ads.ts';
import { READY_WARNINGS } from '#common/test/ready-page.ts';
import { createFunnel, createFunnelPage, createProject, createUser, publishFunnelPage, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { realFont } from '#worker/test/fonts.ts';
import { nextAddress, send } from '#worker/test/http.ts';

/**
 * One of everything a route can point at, owned by one user who is also an admin on the
 * Agency plan (so that admin routes and presentations get past access too): the ids the
 * fuzz puts into path params, so that requests reach validation and the services behind it.
 */
export interface World {
  owner: TestUser;
  editor: TestUser;
  ids: Record<string, string>;
  /** A key of the project with every scope, for `/api/v1` (the fuzz makes one per route there: `apiKeyOf`). */
  apiKey: string;
  /** Files an upload route takes (a PNG, a TrueType font), for the routes that read their own body. */
  files: { png: Uint8Array<ArrayBuffer>; font: Uint8Array<ArrayBuffer> };
}

const rand = () => Math.random().toString(36).slice(2, 12);

/** The world's webhook endpoint's address: a public https host, as the fetch rules ask (the fuzz never sends to it). */
export const FUZZ_RECEIVER_URL = 'https://hooks.example.com/fuzz';

/**
 * A world: new project content every time; the users of `reuse` when given and still
 * signed in (a sign-up costs a PBKDF2 hash), else new ones.
 */
export async function createWorld(reuse?: World): Promise<World> {
  const db = getDb(env.DB);
  const stillIn = reuse && (await send('/api/me', { cookie: reuse.owner.cookie })).status === 200;
  const owner = stillIn ? reuse.owner : await createUser({ role: 'admin', name: 'Fuzz Owner' });
  const editor = stillIn ? reuse.editor : await createUser({ name: 'Fuzz Editor' });
  // Admin on the Agency plan, again each time: a fuzzed admin route may have changed either.
  await db.update(users).set({ plan: 'agency', role: 'admin', disabledAt: null }).where(eq(users.id, owner.id));
  // Credits, again each time: renders, variations and AI copy of earlier routes spend them (then every request is 402).
  await db.update(creditBalances).set({ purchased: 10_000 }).where(eq(creditBalances.userId, owner.id));

  const { id: projectId } = await createProject(owner, { editor });
  const media = await uploadMedia(owner, projectId, png(16, 16, Math.floor(Math.random() * 1e9)));
  const invite = await send(`/api/projects/${projectId}/members`, { json: { email: `invitee-${rand()}@example.com`, role: 'viewer' }, cookie: owner.cookie });
  const { id: inviteId } = (await invite.json()) as { id: string };
  const created = await send(`/api/projects/${projectId}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: owner.cookie });
  const creative = (await created.json()) as { id: string; name: string; revision: { id: string } };

  // A creation as a render leaves it (a row and its file), without drawing one.
  const creationId = `creation-${rand()}-fuzz`;
  const r2Key = `creations/${projectId}/${creationId}.png`;
  await env.MEDIA.put(r2Key, png(4, 4), { httpMetadata: { contentType: 'image/png' } });
  await db.insert(creations).values({
    id: creationId,
    projectId,
    creativeId: creative.id,
    revisionId: creative.revision.id,
    revisionNumber: 1,
    createdBy: owner.id,
    name: creative.name,
    format: 'square',
    width: 1080,
    height: 1080,
    size: 4,
    r2Key,
  });
  const adId = `ad-${rand()}-fuzz-ad-1`;
  await db.insert(ads).values({ id: adId, projectId, createdBy: owner.id, name: 'Fuzz ad', kind: 'single', placements: ['instagram_feed'] });
  await db.insert(adItems).values({ adId, position: 0, creationId });
  // A long caption of letters (no spaces to land on): a generated phrase (start < end ≤ its length) can be pinned.
  await db
    .update(ads)
    .set({ primaryText: 'Fuzz'.repeat(AD_LIMITS.primaryText / 4) })
    .where(eq(ads.id, adId));
  // A pin on it (the `:pinId` of its pin routes and of its preview link's), and ads in other states:
  // one in review (the board lists it: the default chain asks for approval) with a pin of its own,
  // one scheduled in the future (the calendar moves it).
  const boardAdId = `ad-${rand()}-fuzz-ad-2`;
  const scheduledAdId = `ad-${rand()}-fuzz-ad-3`;
  await db.insert(ads).values([
    { id: boardAdId, projectId, createdBy: owner.id, name: 'Fuzz ad in review', kind: 'single', placements: ['instagram_feed'], status: 'in_review' },
    { id: scheduledAdId, projectId, createdBy: owner.id, name: 'Fuzz ad scheduled', kind: 'single', placements: ['instagram_feed'], status: 'scheduled' },
  ]);
  await db.insert(adItems).values([
    { adId: boardAdId, position: 0, creationId },
    { adId: scheduledAdId, position: 0, creationId },
  ]);
  const pinOf = (pinAdId: string) => ({
    id: `pin-${rand()}-fuzz`,
    adId: pinAdId,
    number: 1,
    item: 0,
    x: 0.5,
    y: 0.5,
    revision: 1,
    userId: owner.id,
    authorName: 'Fuzz Owner',
    body: 'Brighter here',
  });
  const pin = pinOf(adId);
  const boardPin = pinOf(boardAdId);
  await db.insert(adPins).values([pin, boardPin]);
  const scheduledAt = new Date(Date.now() + 3 * 86_400_000);
  await db.insert(scheduledPosts).values({
    id: `post-${rand()}-fuzz`,
    projectId,
    adId: scheduledAdId,
    createdBy: owner.id,
    kind: 'single',
    creationIds: [creationId],
    scheduledAt,
    nextAttemptAt: scheduledAt,
  });
  const shared = await send(`/api/ads/${adId}/preview-link`, { method: 'POST', cookie: owner.cookie });
  const { previewUrl } = (await shared.json()) as { previewUrl: string };
  // The project's review board (decision 0053): its routes are fuzzed with a live token.
  const boardMade = await send(`/api/projects/${projectId}/review-board`, { method: 'POST', cookie: owner.cookie });
  const { url: boardUrl } = (await boardMade.json()) as { url: string };

  const funnel = await createFunnel(owner, projectId);
  const page = await createFunnelPage(owner, funnel.id, { slug: 'offer' });
  await publishFunnelPage(owner, page.id);
  const versions = (await (await send(`/api/pages/${page.id}/versions`, { cookie: owner.cookie })).json()) as { items: { id: string }[] };
  const leadId = `lead-${rand()}-fuzz`;
  await db.insert(leads).values({
    id: leadId,
    funnelId: funnel.id,
    pageId: page.id,
    projectId,
    variant: 'a',
    data: { email: 'lead@example.com' },
    email: 'lead@example.com',
    utm: { source: '', medium: '', campaign: '', term: '', content: '' },
  });

  const made = await send('/api/presentations', { json: { slug: `fuzz-${rand()}`, customerName: 'Fuzz Customer' }, cookie: owner.cookie });
  const presentation = (await made.json()) as { id: string; slug: string };
  await send(`/api/presentations/${presentation.id}/publish`, { method: 'POST', cookie: owner.cookie });

  const fontId = `font-${rand()}-fuzz`;
  const font = await realFont();
  await env.MEDIA.put(`brand-fonts/${projectId}/${fontId}`, font, { httpMetadata: { contentType: 'font/ttf' } });
  await db.insert(brandFonts).values({
    id: fontId,
    projectId,
    uploadedBy: owner.id,
    family: 'Fuzz Sans',
    format: 'ttf',
    size: 1,
    sha256: fontId,
    r2Key: `brand-fonts/${projectId}/${fontId}`,
  });

  // A webhook endpoint, made as the workspace makes one (its address passes the fetch rules; the
  // fuzz holds the queue, so nothing is ever sent to it), and a delivery in its log, as the queue leaves one.
  const hooked = await send(`/api/projects/${projectId}/webhooks`, { json: { url: FUZZ_RECEIVER_URL, events: ['lead.created'] }, cookie: owner.cookie });
  if (hooked.status !== 201) throw new Error(`fuzz world: the webhook endpoint was refused with ${hooked.status}`);
  const { id: endpointId } = (await hooked.json()) as { id: string };
  const deliveryId = `delivery-${rand()}-fuzz`;
  const now = new Date();
  await db.insert(webhookDeliveries).values({
    id: deliveryId,
    eventId: `msg_${rand()}`,
    endpointId,
    projectId,
    type: 'webhook.test',
    payload: '{}',
    status: 'delivered',
    attempts: 1,
    lastStatusCode: 204,
    lastLatencyMs: 12,
    lastResponse: '',
    lastAttemptAt: now,
    deadlineAt: now,
  });

  // Another session of the owner's, for the routes that revoke one (never the one the fuzz signs in with).
  const sessionId = (await otherSession(owner)) ?? (await signIn(owner), await otherSession(owner));

  return {
    owner,
    editor,
    apiKey: await apiKeyOf({ owner, ids: { projectId } }),
    files: { png: png(32, 32, 7), font },
    ids: {
      sessionId: sessionId ?? '',
      projectId,
      mediaId: media.id,
      inviteId,
      userId: editor.id,
      ownerId: owner.id,
      creativeId: creative.id,
      revisionId: creative.revision.id,
      creationId,
      adId,
      pinId: pin.id,
      boardAdId,
      boardPinId: boardPin.id,
      scheduledAdId,
      // A new time for the scheduled post: in the future and within the 75 days ahead a post may be moved to.
      rescheduleAt: new Date(scheduledAt.getTime() + 86_400_000).toISOString(),
      previewId: previewUrl.split('/').pop()!,
      boardToken: boardUrl.split('/').pop()!,
      funnelId: funnel.id,
      funnelName: funnel.name,
      pageId: page.id,
      pageSlug: 'offer',
      versionId: versions.items[0]!.id,
      leadId,
      presentationId: presentation.id,
      slug: presentation.slug,
      fontId,
      endpointId,
      deliveryId,
    },
  };
}

/**
 * A new key of the world's project with every scope (the owner is on the Agency plan): each
 * `/api/v1` route gets its own, so that one route's requests do not spend the next one's rate
 * limit (120 a minute per key). Empty when the project is gone or full of keys (the requests are then refused with 401).
 */
export async function apiKeyOf(world: Pick<World, 'owner'> & { ids: { projectId?: string } }): Promise<string> {
  const response = await send(`/api/projects/${world.ids.projectId}/api-keys`, {
    json: { name: `Fuzz ${rand()}`, scopes: ['read', 'render', 'ads', 'leads'] },
    cookie: world.owner.cookie,
  });
  return response.status === 201 ? ((await response.json()) as { secret: string }).secret : '';
}

async function otherSession(owner: TestUser): Promise<string | undefined> {
  const response = await send('/api/me/sessions', { cookie: owner.cookie });
  const { items } = (await response.json()) as { items: { id: string; current: boolean }[] };
  return items.find((s) => !s.current)?.id;
}

async function signIn(owner: TestUser): Promise<void> {
  const response = await send('/api/auth/login', { json: { email: owner.email, password: owner.password }, headers: { 'cf-connecting-ip': nextAddress() } });
  if (response.status !== 200) throw new Error(`fuzz world: the owner's second sign-in failed with ${response.status}`);
}

/**
 * The world's id for a field of a JSON body, by its name (`creationIds`, `avatarMediaId`,
 * `pageIds`): what `shapedJson` puts in, so that bodies naming other resources name real ones.
 */
export function worldIdForField(world: World, key: string, path?: string): string | undefined {
  // A photo to import: one of the bundled set (worker/features/photos/bundled.ts), the source a test world has (no provider's key).
  if (path?.endsWith('/photos/import') && key === 'provider') return 'bundled';
  if (path?.endsWith('/photos/import') && key === 'id') return 'ocean-waves';
  // Not an id, but checked by a refinement the generator cannot read (an https URL with a dot).
  if (key === 'destinationUrl') return 'https://example.com/offer';
  // The warning of the checks before publishing that the world's published page has (no social image): accepted, a restore goes through.
  if (key === 'acceptWarnings') return READY_WARNINGS[0];
  // A webhook endpoint's address: a public https host (the fetch rules, a refinement the generator cannot read).
  if (path?.includes('/webhooks') && key === 'url') return FUZZ_RECEIVER_URL;
  // Likewise a time zone must be one the runtime knows (PATCH /api/me).
  if (key === 'timeZone') return 'Europe/Berlin';
  // A scheduled post's new time: in the future, within the window (a refinement in the service the generator cannot read).
  if (path?.startsWith('/api/calendar/ads/') && key === 'at') return world.ids.rescheduleAt;
  const singular = key.replace(/Ids$/, 'Id');
  if (/mediaId$/i.test(singular)) return world.ids.mediaId;
  if (!singular.endsWith('Id') || singular === 'sessionId') return undefined;
  return world.ids[singular] || undefined;
}

/**
 * The world's id for a path parameter: by its name, and for `:id` by the route's access
 * rule or, failing that, its prefix. Undefined for a parameter nothing in the world fits
 * (the fuzz then makes one up): a new route is covered without this table knowing it.
 */
export function worldIdFor(world: World, param: string, path: string, rule: unknown): string | undefined {
  const { ids } = world;
  const byName: Record<string, string | undefined> = {
    projectId: ids.projectId,
    inviteId: ids.inviteId,
    userId: ids.userId,
    revisionId: ids.revisionId,
    creationId: ids.creationId,
    funnelId: ids.funnelId,
    funnelName: ids.funnelName,
    name: ids.funnelName,
    funnelPageId: ids.pageId,
    pageSlug: ids.pageSlug,
    versionId: ids.versionId,
    leadId: ids.leadId,
    fontId: ids.fontId,
    endpointId: ids.endpointId,
    deliveryId: ids.deliveryId,
    previewId: ids.previewId,
    // `:token` is also an invite's: the board's only on its own routes.
    token: path.startsWith('/board/') ? ids.boardToken : undefined,
    // The board lists only the ad waiting for the customer; its pin is that ad's.
    adId: path.startsWith('/board/') ? ids.boardAdId : ids.adId,
    pinId: path.startsWith('/board/') ? ids.boardPinId : ids.pinId,
    slug: ids.slug,
    objectId: path.startsWith('/creatives') ? ids.creativeId : ids.mediaId,
  };
  if (param !== 'id') return byName[param];
  // The calendar moves a scheduled ad's post (the world's first ad is a draft).
  if (path.startsWith('/api/calendar/ads/')) return ids.scheduledAdId;
  if (rule && typeof rule === 'object') {
    const kind = Object.keys(rule).find((k) => k !== 'signed');
    const byRule: Record<string, string | undefined> = {
      media: ids.mediaId,
      creative: ids.creativeId,
      creation: ids.creationId,
      ad: ids.adId,
      funnel: ids.funnelId,
      page: ids.pageId,
    };
    if (kind && byRule[kind]) return byRule[kind];
  }
  if (path.startsWith('/api/presentations')) return ids.presentationId;
  // The public API's routes ask for a key, not a member: by their collection.
  const v1 = /^\/api\/v1\/(ads|funnels|creatives|creations)\//.exec(path)?.[1];
  if (v1) return { ads: ids.adId, funnels: ids.funnelId, creatives: ids.creativeId, creations: ids.creationId }[v1];
  if (path.startsWith('/api/me/sessions')) return ids.sessionId || undefined;
  if (path.startsWith('/api/admin/users')) return ids.userId;
  return undefined;
}
