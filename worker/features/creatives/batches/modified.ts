import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import { buildTemplate, changeFormat } from '#common/creative/templates.ts';
import type { TemplateId } from '#common/creative/template-ids.ts';
import { applyModifications, type Modifications } from '#common/creative/modifications.ts';
import type { V1RenderRequest } from '#common/schemas/api-v1-renders.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { run } from '#worker/lib/reads.ts';
import { fetchErrorToAppError, FetchRefused, safeFetch, UpstreamFailed } from '#worker/lib/safe-fetch.ts';
import { creativesIn, documentOf, type Actor, type CreativeRow, type Membership } from '#worker/features/creatives/core/service.ts';
import { liveMediaIn, upload } from '#worker/features/media/service.ts';
import { membershipOf, membersOf } from '#worker/features/projects/scope/service.ts';

/**
 * A creative changed by layer (common/creative/modifications.ts): what a render through
 * `/api/v1/renders` and every row of a run of bulk creatives do alike (decisions 0044, 0046).
 * Pictures named by address are fetched under the website reader's rules and stored as the
 * project's media; pictures named by id must be the project's; the changes are applied or refused
 * with the first problem (an `AppError`, never a partial change).
 */

/** The changes of one render or row: layer modifications and the background, pictures by id or by address. */
export type ModifiedInput = Pick<V1RenderRequest, 'modifications' | 'background'>;

/** The project's owner, in whose name the public API renders and whose credits pay (decision 0044). */
export async function ownerOf(db: Db, projectId: string): Promise<{ actor: Actor; membership: Membership }> {
  const [owner] = await run(db, membersOf(db, projectId, 'owner'));
  const membership = owner ? await membershipOf(db, projectId, owner.userId) : undefined;
  if (!owner || !membership) throw new AppError('not_found');
  return { actor: { id: owner.userId, name: owner.name }, membership };
}

/**
 * What is changed: one of the project's creatives (laid out again in `format` when asked), or a
 * built-in template in the project's brand and language (square unless asked). Another
 * project's creative is a 404.
 */
export async function sourceDocument(
  db: Db,
  membership: Membership,
  request: { creativeId?: string | undefined; template?: TemplateId | undefined; format?: FormatId | undefined },
): Promise<{ source: CreativeRow | undefined; doc: CreativeDocument }> {
  const { project } = membership;
  if (request.creativeId === undefined) {
    return {
      source: undefined,
      doc: buildTemplate(request.template!, { brand: project.brandKit, format: request.format ?? 'square', locale: project.locale }),
    };
  }
  const [source] = await creativesIn(db, project.id, [request.creativeId]);
  if (!source) throw new AppError('not_found');
  const doc = documentOf(source);
  return { source, doc: request.format !== undefined && request.format !== doc.format ? changeFormat(doc, request.format, project.brandKit) : doc };
}

/** Pictures named by the request must be live media of the project: another project's, or none, is a 404. */
async function assertOwnMedia(db: Db, projectId: string, body: Modifications): Promise<void> {
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
async function mediaFromUrl(env: Pick<Bindings, 'MEDIA'>, db: Db, projectId: string, actor: Actor, url: string, field: string): Promise<string> {
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

/** The changes with every `imageUrl` fetched into the project's media (one after the other: each counts against the storage). */
async function withFetchedImages(env: Pick<Bindings, 'MEDIA'>, db: Db, projectId: string, actor: Actor, body: ModifiedInput): Promise<Modifications> {
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
  return { modifications, background };
}

/** The problems of applied changes as the house's 422 (each path with its message). */
function refused(issues: readonly { path: string; message: string }[]): AppError {
  const details = Object.fromEntries(issues.map((issue) => [issue.path, [issue.message]]));
  return new AppError('validation_failed', issues[0]!.message, details);
}

/**
 * The changes checked without fetching anything (pictures by address stand aside): the layer
 * names, what each layer takes, the texts' lengths. A run refuses its obviously bad rows at its
 * start with this; undefined when nothing is wrong so far.
 */
export function cheapProblem(doc: CreativeDocument, body: ModifiedInput): string | undefined {
  const modifications = (body.modifications ?? []).map(({ imageUrl: _, ...rest }) => rest);
  const { imageUrl: _, ...background } = body.background ?? {};
  const result = applyModifications(doc, { modifications, background: body.background ? background : undefined });
  return result.ok ? undefined : result.issues[0]!.message;
}

/** The document with the changes applied, its pictures fetched and checked; an `AppError` names the first problem. */
export async function modifiedDocument(
  env: Pick<Bindings, 'MEDIA'>,
  db: Db,
  projectId: string,
  actor: Actor,
  doc: CreativeDocument,
  body: ModifiedInput,
): Promise<CreativeDocument> {
  const fetched = await withFetchedImages(env, db, projectId, actor, body);
  await assertOwnMedia(db, projectId, fetched);
  const result = applyModifications(doc, fetched);
  if (!result.ok) throw refused(result.issues);
  return result.doc;
}
