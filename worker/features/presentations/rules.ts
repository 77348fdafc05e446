import { PLANS } from '#common/plans.ts';
import { presentationDocumentSchema, starterDocument, type PresentationDocument } from '#common/schemas/presentations.ts';
import * as z from 'zod/mini';
import type { SessionUser } from '#worker/env.ts';

/**
 * What the workspace (workspace/) and the public page (public/) both apply to a presentation:
 * who may manage it, whether it has expired, its document as stored, and its addresses.
 */

/** Whether `user` may manage this presentation: admins all, Agency-plan authors their own. */
export function canManage(user: SessionUser | null | undefined, row: { authorId: string | null }): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return row.authorId === user.id && PLANS[user.plan].presentations;
}

export function isExpired(row: { expiresAt: Date | null }, now: number): boolean {
  return row.expiresAt !== null && row.expiresAt.getTime() <= now;
}

/** A stored document, checked again (an older or damaged one falls back to a starter document of its customer). */
export function documentOf(row: { document: unknown; customerName: string }): PresentationDocument {
  const parsed = z.safeParse(presentationDocumentSchema, row.document);
  if (parsed.success) return parsed.data;
  return starterDocument(row.customerName);
}

export const publicPath = (slug: string) => `/presents/${slug}`;

/** Where the public page serves a creation of the presentation's project (gated like the page itself). */
export const creationPath = (slug: string, creationId: string) => `/presents/${slug}/creation/${creationId}`;

/** Where a presentation's Open Graph cards are kept in R2 (one object per id: the newest replaces the others). */
export const ogPrefix = (presentationId: string) => `presentations/og/${presentationId}/`;
