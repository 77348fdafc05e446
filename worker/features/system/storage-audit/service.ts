import * as Sentry from '@sentry/cloudflare';
import type { Db } from '#worker/db/client.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import * as repo from '#worker/features/system/storage-audit/repo.ts';
import { isCurrentCardKey } from '#worker/features/site/seo/service.ts';

/**
 * Objects and rows younger than this are left alone: an upload writes its object before its
 * row, and a row made while the bucket was being listed may name an object listed already.
 */
export const STORAGE_AUDIT_WINDOW_MS = 60 * 60 * 1000;

/** The daily run: the scheduled job (every minute) audits storage only at this UTC time. */
export const STORAGE_AUDIT_AT = { hour: 3, minute: 17 } as const;

export const isStorageAuditMinute = (now: Date) => now.getUTCHours() === STORAGE_AUDIT_AT.hour && now.getUTCMinutes() === STORAGE_AUDIT_AT.minute;

/** Bucket pages (1,000 objects each) one run may list; past that the run reports itself incomplete and skips the row side. */
export const STORAGE_AUDIT_MAX_PAGES = 200;

/** How many keys of each kind the audit record and the log line carry (the counts are always complete). */
const EXAMPLES = 50;

export interface OrphanObject {
  key: string;
  size: number;
  uploaded: string;
  /** Why no row owns it. */
  reason: 'no-row' | 'unknown-prefix' | 'stale-system-check';
}

export interface MissingObject {
  table: repo.KeyedRow['table'];
  id: string;
  key: string;
  /** Soft-deleted rows within the grace period still need their object: a restore brings them back. */
  deleted: boolean;
}

export interface StorageAudit {
  objectsListed: number;
  /** False when the bucket had more than STORAGE_AUDIT_MAX_PAGES pages: the row side was not checked. */
  complete: boolean;
  objectsWithoutRow: OrphanObject[];
  rowsWithoutObject: MissingObject[];
}

type Owner =
  | { kind: 'row'; table: 'media' | 'creations' | 'brand_fonts'; id: string }
  | { kind: 'presentation'; id: string }
  /** A public page's social card (site/seo): owned while it is the page's current version. */
  | { kind: 'site-card'; current: boolean }
  | { kind: 'none'; reason: OrphanObject['reason'] };

/** Which row should own an object, from the key layouts the features write (media/service.ts, creatives/render/service.ts, creatives/fonts/service.ts, presentations, site/seo). */
export function ownerOf(key: string): Owner {
  const parts = key.split('/');
  const [prefix, , third] = parts;
  if (prefix === 'media' && parts.length === 3 && third) return { kind: 'row', table: 'media', id: third };
  if (prefix === 'thumbs' && parts.length === 4 && third) return { kind: 'row', table: 'media', id: third };
  if (prefix === 'creations' && parts.length === 3 && third) return { kind: 'row', table: 'creations', id: third.split('.')[0]! };
  if (prefix === 'brand-fonts' && parts.length === 3 && third) return { kind: 'row', table: 'brand_fonts', id: third };
  if (prefix === 'presentations' && parts[1] === 'og' && parts.length === 4 && third) return { kind: 'presentation', id: third };
  if (prefix === 'site' && parts[1] === 'og' && parts.length === 3) return { kind: 'site-card', current: isCurrentCardKey(key) };
  if (prefix === 'system-check') return { kind: 'none', reason: 'stale-system-check' };
  return { kind: 'none', reason: 'unknown-prefix' };
}

/** A creation's JPEG thumbnail is stored beside its PNG (creatives/render/thumbnail.ts): it belongs to the row that names the PNG. */
const ownedKey = (key: string) => key.replace(/\.thumb\.jpg$/, '');

/**
 * Compares the bucket with the database: objects no row names (uploads whose row was never
 * written, leftovers of a failed purge, keys outside the app's prefixes) and rows whose object
 * is gone. Reports only; deletes nothing (docs/decisions/0024-backups-upgrades-and-orphans.md).
 */
export async function auditStorage(db: Db, bucket: R2Bucket, options: { now: Date; purgeAfterMs: number; maxPages?: number }): Promise<StorageAudit> {
  const settled = options.now.getTime() - STORAGE_AUDIT_WINDOW_MS;
  const maxPages = options.maxPages ?? STORAGE_AUDIT_MAX_PAGES;
  const seen = new Set<string>();
  const objectsWithoutRow: OrphanObject[] = [];
  let complete = false;
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const listed = await bucket.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
    const candidates: { object: R2Object; owner: Owner }[] = [];
    for (const object of listed.objects) {
      seen.add(object.key);
      if (object.uploaded.getTime() > settled) continue;
      candidates.push({ object, owner: ownerOf(object.key) });
    }
    const owned = new Set<string>();
    for (const table of ['media', 'creations', 'brand_fonts'] as const) {
      const ids = [...new Set(candidates.flatMap(({ owner }) => (owner.kind === 'row' && owner.table === table ? [owner.id] : [])))];
      if (ids.length > 0) for (const key of await repo.keysOf(db, table, ids)) owned.add(key);
    }
    const presentationIds = [...new Set(candidates.flatMap(({ owner }) => (owner.kind === 'presentation' ? [owner.id] : [])))];
    const presentations = presentationIds.length > 0 ? await repo.existingPresentations(db, presentationIds) : new Set<string>();
    for (const { object, owner } of candidates) {
      const ownerFound =
        owner.kind === 'row'
          ? owned.has(object.key) || owned.has(ownedKey(object.key))
          : owner.kind === 'presentation'
            ? presentations.has(owner.id)
            : owner.kind === 'site-card' && owner.current;
      if (!ownerFound)
        objectsWithoutRow.push({
          key: object.key,
          size: object.size,
          uploaded: object.uploaded.toISOString(),
          reason: owner.kind === 'none' ? owner.reason : 'no-row',
        });
    }
    if (!listed.truncated) {
      complete = true;
      break;
    }
    cursor = listed.cursor;
  }

  const rowsWithoutObject: MissingObject[] = [];
  if (complete) {
    for await (const row of repo.keyedRows(db, new Date(options.now.getTime() - options.purgeAfterMs))) {
      if (row.createdAt.getTime() > settled || seen.has(row.key)) continue;
      rowsWithoutObject.push({ table: row.table, id: row.id, key: row.key, deleted: row.deletedAt !== null });
    }
  }
  return { objectsListed: seen.size, complete, objectsWithoutRow, rowsWithoutObject };
}

/**
 * Tells the operator: one structured log line always; when something is wrong (or the run was
 * incomplete) also an audit-log entry (`storage.audit`, shown in the admin area's audit log)
 * and a Sentry message when Sentry is configured.
 */
export async function reportStorageAudit(db: Db, audit: StorageAudit): Promise<void> {
  const healthy = audit.complete && audit.objectsWithoutRow.length === 0 && audit.rowsWithoutObject.length === 0;
  const summary = {
    objectsListed: audit.objectsListed,
    complete: audit.complete,
    objectsWithoutRow: audit.objectsWithoutRow.length,
    rowsWithoutObject: audit.rowsWithoutObject.length,
  };
  const line = {
    level: healthy ? 'info' : 'warn',
    message: healthy ? 'storage_audit_ok' : 'storage_audit_findings',
    ...summary,
    objectExamples: audit.objectsWithoutRow.slice(0, EXAMPLES).map((o) => o.key),
    rowExamples: audit.rowsWithoutObject.slice(0, EXAMPLES).map((r) => `${r.table}:${r.id}`),
  };
  (healthy ? console.log : console.warn)(JSON.stringify(line));
  if (healthy) return;
  await auditStatement(db, {
    actorUserId: null,
    action: 'storage.audit',
    targetType: 'storage',
    details: {
      ...summary,
      objects: audit.objectsWithoutRow.slice(0, EXAMPLES),
      rows: audit.rowsWithoutObject.slice(0, EXAMPLES),
    },
  });
  Sentry.captureMessage(
    `Storage audit: ${summary.objectsWithoutRow} object(s) without a row, ${summary.rowsWithoutObject} row(s) without an object${audit.complete ? '' : ' (incomplete run)'}`,
    { level: 'warning', extra: summary },
  );
}
