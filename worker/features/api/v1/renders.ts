import { canonicalJson, FORMAT_IDS, FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { applyModifications } from '#common/creative/modifications.ts';
import { buildTemplate, changeFormat, TEMPLATES } from '#common/creative/templates.ts';
import type { V1Creation, V1TemplateList } from '#common/schemas/api-v1.ts';
import type { V1RenderRequest } from '#common/schemas/api-v1-renders.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { fetchErrorToAppError, FetchRefused, safeFetch, UpstreamFailed } from '#worker/lib/safe-fetch.ts';
import { run } from '#worker/lib/reads.ts';
import { creativeOfDocument, creativesIn, documentOf, type CreativeRow } from '#worker/features/creatives/core/service.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
import { liveMediaIn, upload } from '#worker/features/media/service.ts';
import { membershipOf, membersOf } from '#worker/features/projects/scope/service.ts';
import { getCreation, v1LayersOf } from '#worker/features/api/v1/service.ts';

/**
 * Renders through the public API (issue 31 point 2, decision 0044): a creative or a built-in
 * template, changed by layer, rendered by the creatives render service exactly as the workspace
 * renders (1 credit, the same document again free, failures refunded, 402, the renderer's 429).
 * The creative of a changed document is kept (found again by its document), in the name of the
 * project's owner, whose credits pay as they pay for the workspace's renders.
 */

/** The brand a template is listed with: its layers do not depend on the colours or fonts. */
const LISTING_BRAND = { colors: ['#111827', '#f9fafb', '#2563eb'], headingFont: 'inter', bodyFont: 'inter', logoMediaId: null } as const;

let templates: V1TemplateList | undefined;

/** The built-in templates with their formats and the layers a render can change (built once per isolate). */
export function listTemplates(): V1TemplateList {
  templates ??= {
    items: TEMPLATES.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      category: t.category,
      formats: FORMAT_IDS.map((format) => ({ format, width: FORMATS[format].width, height: FORMATS[format].height })),
      layers: v1LayersOf(buildTemplate(t.id, { brand: LISTING_BRAND, format: 'square' })),
    })),
  };
  return templates;
}

/** Pictures named by the request must be live media of the project: another project's, or none, is a 404. */
async function assertOwnMedia(db: Db, projectId: string, body: V1RenderRequest): Promise<void> {
  const ids = [...new Set([...(body.modifications ?? []).map((m) => m.mediaId), body.background?.mediaId].filter((id) => id !== undefined))];
  if (ids.length === 0) return;
  const found = new Set((await liveMediaIn(db, projectId, ids)).map((m) => m.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('not_found', `No picture of this project has the id “${missing[0]}”.`);
}

/**
 * A picture named by its address: fetched under the website reader's rules and limits (public
 * https hosts, every redirect checked, 2 MiB, 5 s) and stored as the project's media like an
 * upload (its type read from its bytes, counted against the storage). Its media id.
 */
async function mediaFromUrl(
  env: Pick<Bindings, 'MEDIA'>,
  db: Db,
  projectId: string,
  actor: { id: string; name: string },
  url: string,
  field: string,
): Promise<string> {
  let bytes: Uint8Array<ArrayBuffer>;
  let address: string;
  try {
    const fetched = await safeFetch(url, { accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8' });
    bytes = fetched.body;
    address = fetched.url;
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof UpstreamFailed) throw fetchErrorToAppError(error, field);
    throw error;
  }
  const name = (new URL(address).pathname.split('/').at(-1) ?? '').slice(0, 100) || 'picture';
  const { media } = await upload(db, env.MEDIA, {
    projectId,
    uploader: actor,
    filename: name,
    contentLength: bytes.byteLength,
    body: new Response(bytes).body,
  });
  return media.id;
}

/** The request with every `imageUrl` fetched into the project's media (one after the other: each counts against the storage). */
async function withFetchedImages(
  env: Pick<Bindings, 'MEDIA'>,
  db: Db,
  projectId: string,
  actor: { id: string; name: string },
  body: V1RenderRequest,
): Promise<V1RenderRequest> {
  const modifications = [];
  for (const [i, m] of (body.modifications ?? []).entries()) {
    const { imageUrl, ...rest } = m;
    modifications.push(
      imageUrl === undefined ? rest : { ...rest, mediaId: await mediaFromUrl(env, db, projectId, actor, imageUrl, `modifications.${i}.imageUrl`) },
    );
  }
  let background = body.background;
  if (background?.imageUrl !== undefined) {
    const { imageUrl, ...rest } = background;
    background = { ...rest, mediaId: await mediaFromUrl(env, db, projectId, actor, imageUrl, 'background.imageUrl') };
  }
  return { ...body, modifications, background };
}

export async function render(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER' | 'SESSION_SECRET'>,
  db: Db,
  origin: string,
  projectId: string,
  request: V1RenderRequest,
): Promise<{ creation: V1Creation; created: boolean }> {
  const [owner] = await run(db, membersOf(db, projectId, 'owner'));
  const membership = owner ? await membershipOf(db, projectId, owner.userId) : undefined;
  if (!owner || !membership) throw new AppError('not_found');
  const actor = { id: owner.userId, name: owner.name };
  const brand = membership.project.brandKit;

  let source: CreativeRow | undefined;
  let doc: CreativeDocument;
  if (request.creativeId !== undefined) {
    [source] = await creativesIn(db, projectId, [request.creativeId]);
    if (!source) throw new AppError('not_found');
    doc = documentOf(source);
    if (request.format !== undefined && request.format !== doc.format) doc = changeFormat(doc, request.format, brand);
  } else {
    doc = buildTemplate(request.template!, { brand, format: request.format ?? 'square', locale: membership.project.locale });
  }
  // Fetched once the source is known to exist: a wrong id costs no download.
  const body = await withFetchedImages(env, db, projectId, actor, request);
  await assertOwnMedia(db, projectId, body);
  const result = applyModifications(doc, body);
  if (!result.ok) {
    const details = Object.fromEntries(result.issues.map((issue) => [issue.path, [issue.message]]));
    throw new AppError('validation_failed', result.issues[0]!.message, details);
  }
  // The creative itself when nothing changed; else the project's creative of the changed document.
  const unchanged = source !== undefined && canonicalJson(result.doc) === canonicalJson(documentOf(source));
  const target = unchanged ? source! : (await creativeOfDocument(db, projectId, actor, result.doc)).row;
  const { creation, created } = await renderCreative(env, db, target, membership, actor);
  return { creation: await getCreation(db, env, origin, projectId, creation.id), created };
}
