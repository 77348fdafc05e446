import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CreativeDocument, FormatId } from '#common/creative/document.ts';
import { buildTemplate, type TemplateInput } from '#common/creative/templates.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT, type BrandKit } from '#common/schemas/projects.ts';
import { getDb } from '#worker/db/client.ts';
import { creations } from '#worker/db/schema.ts';
import { purchase, spend } from '#worker/features/credits/service.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send, type SendOptions } from '#worker/test/http.ts';

/**
 * What the creatives tests share (documents, render, variations and playground tests): a
 * team around a project, requests to the creatives API, credits and the ledger, and pictures.
 */
export const db = () => getDb(env.DB);
export type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
export type Page<T> = { items: T[]; nextCursor: string | null };
export type LedgerItem = { kind: string; amount: number; reference: string | null; operationKey: string; description: string };

export const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
export const RED = [255, 0, 0, 255] as const;

export async function team() {
  const [owner, editor, viewer, outsider] = [
    await createUser({ name: 'Olivia Owner' }),
    await createUser({ name: 'Ed Editor' }),
    await createUser(),
    await createUser(),
  ];
  const project = await createProject(owner, { editor, viewer });
  return { owner, editor, viewer, outsider, project };
}

export function post(user: TestUser | undefined, projectId: string, body: unknown) {
  return send(`/api/projects/${projectId}/creatives`, { json: body, cookie: user?.cookie });
}

export async function createCreative(
  user: TestUser,
  projectId: string,
  body: Record<string, unknown> = { template: 'bold-headline', format: 'square' },
): Promise<CreativeDetail> {
  const response = await post(user, projectId, body);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return json<CreativeDetail>(response);
}

/** A template document in the default brand, with a picture. */
export function templateDoc(
  template: string,
  format: FormatId,
  imageMediaId: string | null = null,
  brand: TemplateInput['brand'] = DEFAULT_BRAND_KIT,
): CreativeDocument {
  return buildTemplate(template, { brand, format, imageMediaId });
}

export function withHeadline(doc: CreativeDocument, text: string): CreativeDocument {
  return { ...doc, layers: doc.layers.map((l) => (l.id === 'headline' && l.type === 'text' ? { ...l, text } : l)) };
}

export function patch(user: TestUser | undefined, id: string, body: unknown) {
  return send(`/api/creatives/${id}`, { method: 'PATCH', json: body, cookie: user?.cookie });
}

export function render(user: TestUser | undefined, id: string, options: SendOptions = {}) {
  return send(`/api/creatives/${id}/render`, { method: 'POST', cookie: user?.cookie, ...options });
}

export function variations(user: TestUser, id: string, count: unknown, options: SendOptions = {}) {
  return send(`/api/creatives/${id}/variations`, { json: { count }, cookie: user.cookie, ...options });
}

/** Sets the user's balance to exactly `credits` (through the ledger, like every change). */
export async function setCredits(user: TestUser, credits: number) {
  const total = await balance(user);
  if (total > 0) await spend(db(), { userId: user.id, amount: total, operationKey: `test:drain:${user.id}:${Math.random()}`, description: 'test' });
  if (credits > 0)
    await purchase(db(), { userId: user.id, amount: credits, operationKey: `test:give:${user.id}:${Math.random()}`, description: 'test', reference: 'test' });
  expect(await balance(user)).toBe(credits);
}

export async function balance(user: TestUser): Promise<number> {
  return (await json<{ total: number }>(await send('/api/credits', { cookie: user.cookie }))).total;
}

export async function ledger(user: TestUser): Promise<LedgerItem[]> {
  return (await json<Page<LedgerItem>>(await send('/api/credits/ledger?limit=100', { cookie: user.cookie }))).items;
}

/** Credits spent on a creative, less what was refunded. */
export async function netSpentOn(user: TestUser, creativeId: string): Promise<number> {
  const items = await ledger(user);
  const spends = items.filter((i) => i.kind === 'spend' && i.reference === creativeId);
  const keys = new Set(spends.map((s) => s.operationKey));
  const refunds = items.filter((i) => i.kind === 'refund' && i.reference !== null && keys.has(i.reference));
  return 0 - [...spends, ...refunds].reduce((n, i) => n + i.amount, 0) + 0;
}

export async function creationKeys(projectId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: `creations/${projectId}/` })).objects.map((o) => o.key);
}

export async function creationRows(creativeId: string) {
  return db().select().from(creations).where(eq(creations.creativeId, creativeId)).all();
}

export async function file(user: TestUser, creationId: string, query = ''): Promise<Response> {
  return send(`/api/creations/${creationId}/file${query}`, { cookie: user.cookie });
}

export async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

export function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

export async function setBrandKit(user: TestUser, projectId: string, kit: Partial<BrandKit>): Promise<BrandKit> {
  const response = await send(`/api/projects/${projectId}`, { method: 'PATCH', json: { brandKit: { ...DEFAULT_BRAND_KIT, ...kit } }, cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await json<{ brandKit: BrandKit }>(response)).brandKit;
}

/** A real 16 × 16 WebP (made by chromium's canvas): red, with a blue lower-right quarter. */
export const REAL_WEBP =
  'UklGRgoCAABXRUJQVlA4WAoAAAAgAAAADwAADwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDhMGwAAAC8PwAMADxDzv//zHw7Egkn+0jtTiOh/AABoAgA=';

export function realWebp(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(REAL_WEBP), (c) => c.charCodeAt(0));
}

/** A WebP header (VP8X) that the upload accepts as an image of that size. */
export function webp(width: number, height: number): Uint8Array<ArrayBuffer> {
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  const le24 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];
  const body = [...ascii('WEBP'), ...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1), ...new Array<number>(32).fill(0)];
  return new Uint8Array([...ascii('RIFF'), body.length & 255, (body.length >> 8) & 255, 0, 0, ...body]);
}
