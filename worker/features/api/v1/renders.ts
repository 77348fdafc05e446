import { canonicalJson, FORMAT_IDS, FORMATS } from '#common/creative/document.ts';
import { buildTemplate, TEMPLATES } from '#common/creative/templates.ts';
import type { V1Creation, V1TemplateList } from '#common/schemas/api-v1.ts';
import type { V1RenderRequest } from '#common/schemas/api-v1-renders.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { modifiedDocument, ownerOf, sourceDocument } from '#worker/features/creatives/batches/service.ts';
import { creativeOfDocument, documentOf } from '#worker/features/creatives/core/service.ts';
import { renderCreative } from '#worker/features/creatives/render/service.ts';
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

export async function render(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER' | 'SESSION_SECRET'>,
  db: Db,
  origin: string,
  projectId: string,
  request: V1RenderRequest,
): Promise<{ creation: V1Creation; created: boolean }> {
  const { actor, membership } = await ownerOf(db, projectId);
  const { source, doc } = await sourceDocument(db, membership, request);
  // Fetched once the source is known to exist: a wrong id costs no download.
  const changed = await modifiedDocument(env, db, projectId, actor, doc, request);
  // The creative itself when nothing changed; else the project's creative of the changed document.
  const unchanged = source !== undefined && canonicalJson(changed) === canonicalJson(documentOf(source));
  const target = unchanged ? source! : (await creativeOfDocument(db, projectId, actor, changed)).row;
  const { creation, created } = await renderCreative(env, db, target, membership, actor);
  return { creation: await getCreation(db, env, origin, projectId, creation.id), created };
}
