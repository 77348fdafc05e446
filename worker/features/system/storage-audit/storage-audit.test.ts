import { env } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { auditLog, brandFonts, creations, media } from '#worker/db/schema.ts';
import { auditStorageDaily, PURGE_AFTER_MS } from '#worker/jobs/index.ts';
import { auditStorage, isStorageAuditMinute, ownerOf, reportStorageAudit, type StorageAudit } from '#worker/features/system/storage-audit/service.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const bytes = (n: number) => png(8, 8, n);

/** Objects and rows made in this file, named by what the audit must say about them. */
const made = {} as Record<
  | 'healthyMedia'
  | 'ghostMedia'
  | 'missingMedia'
  | 'deletedInGrace'
  | 'purgeDue'
  | 'healthyCreation'
  | 'healthyCreationThumb'
  | 'ghostCreationThumb'
  | 'healthyFont'
  | 'ghostOgCard'
  | 'stray',
  string
>;
const ids = {} as Record<'missingMedia' | 'deletedInGrace' | 'purgeDue', string>;
let owner: TestUser;
let audit: StorageAudit;

async function mediaKey(id: string) {
  const [row] = await getDb(env.DB).select({ key: media.r2Key }).from(media).where(eq(media.id, id));
  return row!.key;
}

describe('storage audit (R2 objects against their rows)', () => {
  beforeAll(async () => {
    const db = getDb(env.DB);
    owner = await createUser();
    const project = await createProject(owner);

    // A healthy pair: uploaded through the API.
    made.healthyMedia = await mediaKey((await uploadMedia(owner, project.id, bytes(1))).id);
    // An object without a row: an upload whose row was never written.
    made.ghostMedia = `media/${project.id}/ghostmediaupload00001`;
    await env.MEDIA.put(made.ghostMedia, bytes(2));
    // A row without its object.
    ids.missingMedia = (await uploadMedia(owner, project.id, bytes(3))).id;
    made.missingMedia = await mediaKey(ids.missingMedia);
    await env.MEDIA.delete(made.missingMedia);
    // Soft-deleted today (within the 30-day grace period): row and object both stay, nothing to report.
    ids.deletedInGrace = (await uploadMedia(owner, project.id, bytes(4))).id;
    made.deletedInGrace = await mediaKey(ids.deletedInGrace);
    expect((await send(`/api/media/${ids.deletedInGrace}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    // Deleted 40 days ago and half purged (object gone, row not yet): the next purge finishes it, nothing to report.
    ids.purgeDue = (await uploadMedia(owner, project.id, bytes(5))).id;
    made.purgeDue = await mediaKey(ids.purgeDue);
    await db
      .update(media)
      .set({ deletedAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(media.id, ids.purgeDue));
    await env.MEDIA.delete(made.purgeDue);

    // A creation with its PNG and JPEG thumbnail; a thumbnail whose creation is gone.
    const creationId = 'auditcreation0000001';
    made.healthyCreation = `creations/${project.id}/${creationId}.png`;
    made.healthyCreationThumb = `${made.healthyCreation}.thumb.jpg`;
    made.ghostCreationThumb = `creations/${project.id}/purgedcreation00001.png.thumb.jpg`;
    await db.insert(creations).values({
      id: creationId,
      projectId: project.id,
      revisionId: 'auditrevision0000001',
      revisionNumber: 1,
      name: 'Audit',
      format: 'square',
      width: 1080,
      height: 1080,
      size: 10,
      r2Key: made.healthyCreation,
    });
    for (const key of [made.healthyCreation, made.healthyCreationThumb, made.ghostCreationThumb]) await env.MEDIA.put(key, bytes(6));

    // An uploaded font with its file.
    made.healthyFont = `brand-fonts/${project.id}/auditfont00000000001`;
    await db.insert(brandFonts).values({
      id: 'auditfont00000000001',
      projectId: project.id,
      family: 'Audit Sans',
      format: 'ttf',
      size: 10,
      sha256: 'a'.repeat(64),
      r2Key: made.healthyFont,
    });
    await env.MEDIA.put(made.healthyFont, bytes(7));
    // An Open Graph card of a presentation that no longer exists, and a key outside every prefix.
    made.ghostOgCard = 'presentations/og/nopresentation000001/0123abcd.png';
    made.stray = 'stray/left-over.txt';
    await env.MEDIA.put(made.ghostOgCard, bytes(8));
    await env.MEDIA.put(made.stray, 'left over');

    // Two hours on: every object and row above is past the audit's one-hour settling window.
    audit = await auditStorage(db, env.MEDIA, { now: new Date(Date.now() + 2 * HOUR), purgeAfterMs: PURGE_AFTER_MS });
  });

  it('reports an object without a row, with the reason', () => {
    const orphans = new Map(audit.objectsWithoutRow.map((o) => [o.key, o.reason]));
    expect(audit.complete).toBe(true);
    expect(orphans.get(made.ghostMedia)).toBe('no-row');
    expect(orphans.get(made.ghostCreationThumb)).toBe('no-row');
    expect(orphans.get(made.ghostOgCard)).toBe('no-row');
    expect(orphans.get(made.stray)).toBe('unknown-prefix');
  });

  it('reports a row without its object', () => {
    expect(audit.rowsWithoutObject).toContainEqual({ table: 'media', id: ids.missingMedia, key: made.missingMedia, deleted: false });
  });

  it('does not report healthy pairs, soft-deleted rows within the grace period, or rows already due for the purge', () => {
    const orphanKeys = audit.objectsWithoutRow.map((o) => o.key);
    const missingKeys = audit.rowsWithoutObject.map((r) => r.key);
    for (const key of [made.healthyMedia, made.healthyCreation, made.healthyCreationThumb, made.healthyFont, made.deletedInGrace]) {
      expect(orphanKeys).not.toContain(key);
      expect(missingKeys).not.toContain(key);
    }
    expect(missingKeys).not.toContain(made.purgeDue);
  });

  it('leaves objects and rows younger than an hour alone (an upload writes its object before its row)', async () => {
    const fresh = await auditStorage(getDb(env.DB), env.MEDIA, { now: new Date(), purgeAfterMs: PURGE_AFTER_MS });
    expect(fresh.objectsWithoutRow.map((o) => o.key)).not.toContain(made.ghostMedia);
    expect(fresh.rowsWithoutObject.map((r) => r.id)).not.toContain(ids.missingMedia);
  });

  it('without the whole listing (too many pages) it checks no row, and says the run was incomplete', async () => {
    await env.MEDIA.put('zz-extra/one', 'x');
    const partial = await auditStorage(getDb(env.DB), env.MEDIA, { now: new Date(Date.now() + 2 * HOUR), purgeAfterMs: PURGE_AFTER_MS, maxPages: 0 });
    expect(partial).toMatchObject({ complete: false, rowsWithoutObject: [] });
    await env.MEDIA.delete('zz-extra/one');
  });

  it('maps every key layout the features write to its owner', () => {
    expect(ownerOf('media/p1/m1')).toEqual({ kind: 'row', table: 'media', id: 'm1' });
    expect(ownerOf('thumbs/p1/m1/abc')).toEqual({ kind: 'row', table: 'media', id: 'm1' });
    expect(ownerOf('creations/p1/c1.png')).toEqual({ kind: 'row', table: 'creations', id: 'c1' });
    expect(ownerOf('creations/p1/c1.png.thumb.jpg')).toEqual({ kind: 'row', table: 'creations', id: 'c1' });
    expect(ownerOf('brand-fonts/p1/f1')).toEqual({ kind: 'row', table: 'brand_fonts', id: 'f1' });
    expect(ownerOf('presentations/og/pr1/x.png')).toEqual({ kind: 'presentation', id: 'pr1' });
    expect(ownerOf('system-check/uuid')).toEqual({ kind: 'none', reason: 'stale-system-check' });
    expect(ownerOf('media/p1/m1/extra')).toEqual({ kind: 'none', reason: 'unknown-prefix' });
  });

  it('reports findings as a structured log line and an audit entry admins can read, and deletes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await reportStorageAudit(getDb(env.DB), audit);
    const line = JSON.parse(String(warn.mock.calls.find(([text]) => String(text).includes('storage_audit_findings'))?.[0]));
    expect(line).toMatchObject({ level: 'warn', complete: true, objectsWithoutRow: audit.objectsWithoutRow.length });
    expect(line.objectExamples).toContain(made.ghostMedia);
    expect(line.rowExamples).toContain(`media:${ids.missingMedia}`);

    const admin = await createUser({ role: 'admin' });
    const response = await send('/api/admin/audit?action=storage.', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { action: string; details: { objectsWithoutRow: number; rows: { id: string }[] } }[] };
    expect(items[0]).toMatchObject({ action: 'storage.audit', details: { objectsWithoutRow: audit.objectsWithoutRow.length } });
    expect(items[0]!.details.rows.map((r) => r.id)).toContain(ids.missingMedia);
    // Report only: the orphan is still in the bucket, the row still in the table.
    expect(await env.MEDIA.head(made.ghostMedia)).not.toBeNull();
    expect(await getDb(env.DB).select().from(media).where(eq(media.id, ids.missingMedia))).toHaveLength(1);
  });

  it('a healthy bucket logs one info line and writes no audit entry', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const db = getDb(env.DB);
    const before = await db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(eq(auditLog.action, 'storage.audit'));
    await reportStorageAudit(db, { objectsListed: 3, complete: true, objectsWithoutRow: [], rowsWithoutObject: [] });
    const after = await db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(eq(auditLog.action, 'storage.audit'));
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(JSON.parse(String(log.mock.calls.at(-1)?.[0]))).toMatchObject({ level: 'info', message: 'storage_audit_ok', objectsListed: 3 });
  });

  it('runs once a day, at 03:17 UTC, from the every-minute cron', async () => {
    expect(isStorageAuditMinute(new Date('2026-11-24T03:17:00Z'))).toBe(true);
    expect(isStorageAuditMinute(new Date('2026-11-24T03:18:00Z'))).toBe(false);
    expect(isStorageAuditMinute(new Date('2026-11-24T15:17:00Z'))).toBe(false);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = getDb(env.DB);
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(auditLog)
          .where(eq(auditLog.action, 'storage.audit'))
      )[0]!.n;
    const before = await count();
    const later = new Date(Date.now() + 2 * DAY);
    const offMinute = new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate(), 3, 18));
    await auditStorageDaily(env, offMinute);
    expect(await count()).toBe(before);
    await auditStorageDaily(env, new Date(offMinute.getTime() - 60_000));
    expect(await count()).toBe(before + 1);
  });
});
