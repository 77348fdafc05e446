import {
  DEFAULT_BRAND_KIT,
  type BrandKit,
  type InviteInfo,
  type MemberInfo,
  type ProjectCreateInput,
  type ProjectDetail,
  type ProjectRole,
  type ProjectSummary,
  type ProjectUpdateInput,
} from '#common/schemas/projects.ts';
import { PLANS, type PlanId } from '#common/plans.ts';
import type { SQL } from 'drizzle-orm';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { projectArchivedError } from '#worker/lib/archived.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId, newToken } from '#worker/lib/ids.ts';
import { hasRows, read, run, type Read } from '#worker/lib/reads.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { localeForAddress } from '#worker/features/auth/users/service.ts';
import { projectImage, storageUsage } from '#worker/features/media/service.ts';
import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';
import { membershipOf } from '#worker/features/projects/scope/service.ts';
import * as repo from '#worker/features/projects/core/repo.ts';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type Membership = { project: repo.ProjectRow; role: ProjectRole };

/** The logo's thumbnail, or its file when it has none (`''`); null without a live logo. */
function logoUrl(project: repo.ProjectRow, thumbnailKey: string | null): string | null {
  const id = project.brandKit.logoMediaId;
  if (!id || thumbnailKey === null) return null;
  return thumbnailKey ? mediaThumbnailUrl(id, thumbnailKey) : mediaFileUrl(id);
}

function summary(
  project: repo.ProjectRow,
  role: ProjectRole,
  counts: { mediaCount: number; memberCount: number; logoThumbnail: string | null },
): ProjectSummary {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    website: project.website,
    role,
    archived: project.archivedAt !== null,
    brandKit: project.brandKit,
    logoUrl: logoUrl(project, counts.logoThumbnail),
    counts: { media: counts.mediaCount, members: counts.memberCount },
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    locale: project.locale,
  };
}

/** The user's projects, most recently changed first (`GET /api/projects`), as a read the dashboard batches with others. */
export function projectsRead(
  db: Db,
  userId: string,
  options: { archived: boolean; limit: number; cursor?: string | undefined },
): Read<{ items: ProjectSummary[]; nextCursor: string | null }> {
  const query = () => repo.listProjectsForUser(db, userId, { archived: options.archived, limit: options.limit, before: decodeCursor(options.cursor) });
  return read(query, (rows) => {
    const page = toPage(rows, options.limit, (row) => encodeCursor(row.project.updatedAt, row.project.id));
    return { items: page.items.map((row) => summary(row.project, row.role, row)), nextCursor: page.nextCursor };
  });
}

/** How many active projects the user owns: the number the plan's project limit counts (`hasProjectSlot`), not their memberships. */
export function ownedActiveProjectsRead(db: Db, userId: string): Read<number> {
  return read(
    () => repo.activeOwnedQuery(db, userId),
    ([row]) => Number(row?.active ?? 0),
  );
}

export async function listProjects(db: Db, userId: string, options: { archived: boolean; limit: number; cursor?: string | undefined }) {
  return run(db, projectsRead(db, userId, options));
}

function planLimitError(plan: PlanId): AppError {
  const max = PLANS[plan].maxProjects;
  return new AppError('plan_limit_reached', `The ${PLANS[plan].name} plan includes ${max} active projects. Archive one, or upgrade for unlimited projects.`, {
    _: [`plan:${plan}`, `limit:${max}`],
  });
}

/** Why a write that needs a free project slot of `userId` was refused. */
async function slotRefusal(db: Db, userId: string): Promise<AppError> {
  const allowance = await repo.projectAllowance(db, userId);
  return planLimitError(allowance?.plan ?? 'free');
}

export async function createProject(db: Db, user: SessionUser, input: ProjectCreateInput): Promise<ProjectDetail> {
  const id = newId();
  // One conditional write (never count, then insert): the limit holds under concurrent requests.
  const [inserted] = await rawBatch(
    db,
    repo.insertOwnedProjectStatements(db, {
      id,
      ownerId: user.id,
      name: input.name,
      description: input.description ?? '',
      website: input.website || null,
      brandKit: DEFAULT_BRAND_KIT,
      // Customer content starts in the language its author works in (decision 0034); the owner can change it.
      locale: user.locale,
      now: new Date(),
    }),
  );
  if (inserted?.meta.changes !== 1) throw await slotRefusal(db, user.id);
  const membership = await membershipOf(db, id, user.id);
  if (!membership) throw new Error('The project was not created.');
  return detail(db, membership);
}

export async function detail(db: Db, membership: Membership): Promise<ProjectDetail> {
  const [counts, storage] = await Promise.all([repo.projectCounts(db, membership.project.id), storageUsage(db, membership.project.id)]);
  return {
    ...summary(membership.project, membership.role, counts ?? { mediaCount: 0, memberCount: 0, logoThumbnail: null }),
    storage,
    locale: membership.project.locale,
  };
}

async function validateBrandKit(db: Db, projectId: string, brandKit: BrandKit): Promise<BrandKit> {
  if (brandKit.logoMediaId) {
    if (!(await projectImage(db, projectId, brandKit.logoMediaId))) {
      throw new AppError('validation_failed', 'The logo must be an image from this project’s library.', {
        'brandKit.logoMediaId': ['Pick an image from this project’s library.'],
      });
    }
  }
  return { ...brandKit, colors: [...new Set(brandKit.colors)] };
}

/** Name, archiving and the customer's language are the owner's; description, website and brand kit any editor's. */
export async function updateProject(db: Db, membership: Membership, userId: string, input: ProjectUpdateInput): Promise<ProjectDetail> {
  const ownerOnly = input.name !== undefined || input.archived !== undefined || input.locale !== undefined;
  if (ownerOnly && membership.role !== 'owner') throw new AppError('forbidden', 'Only the project’s owner can rename or archive it, or change its language.');
  if (input.brandGuardStrict !== undefined && membership.role !== 'owner')
    throw new AppError('forbidden', 'Only the project’s owner can make the brand guard strict.');
  const values: Parameters<typeof repo.updateProject>[2] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description;
  if (input.website !== undefined) values.website = input.website || null;
  if (input.locale !== undefined) values.locale = input.locale;
  if (input.brandKit !== undefined) values.brandKit = await validateBrandKit(db, membership.project.id, input.brandKit);
  if (input.brandKit !== undefined || input.brandGuardStrict !== undefined) {
    // The kit's colours and fonts are any editor's, its guard the owner's: an editor's kit keeps the guard as it was.
    const strict = input.brandGuardStrict ?? membership.project.brandKit.strict === true;
    const { strict: _old, ...kit } = values.brandKit ?? membership.project.brandKit;
    values.brandKit = strict ? { ...kit, strict: true } : kit;
  }
  const wasArchived = membership.project.archivedAt !== null;
  if (wasArchived && input.archived === false) {
    // Restoring counts against the owner's plan: one conditional write, like a creation.
    const [restored] = await repo.restoreProject(db, membership.project.id, values);
    if (restored) return detail(db, { project: restored, role: membership.role });
    const current = await repo.findProject(db, membership.project.id);
    if (!current) throw new AppError('not_found');
    if (current.archivedAt !== null) throw await slotRefusal(db, userId);
    // Restored meanwhile by another request: the other changes still apply.
  } else if (wasArchived && Object.keys(values).length > 0) {
    throw projectArchivedError();
  } else if (input.archived === true) {
    values.archivedAt = membership.project.archivedAt ?? new Date();
  }
  const [project] = await repo.updateProject(db, membership.project.id, values);
  if (!project) throw new AppError('not_found');
  return detail(db, { project, role: membership.role });
}

export async function deleteProject(db: Db, membership: Membership, userId: string): Promise<void> {
  const now = new Date();
  await db.batch([
    repo.updateProject(db, membership.project.id, { deletedAt: now }),
    auditStatement(db, {
      actorUserId: userId,
      action: 'project.deleted',
      targetType: 'project',
      targetId: membership.project.id,
      projectId: membership.project.id,
      details: { name: membership.project.name },
    }),
  ]);
}

export async function listMembers(db: Db, projectId: string, canSeeInvites: boolean) {
  const [members, invites] = await Promise.all([
    repo.listMembers(db, projectId),
    canSeeInvites ? repo.listPendingInvites(db, projectId, new Date()) : Promise.resolve([]),
  ]);
  const items: MemberInfo[] = members.map((m) => ({ userId: m.userId, name: m.name, email: m.email, role: m.role, joinedAt: m.joinedAt.toISOString() }));
  const pending: InviteInfo[] = invites.map((i) => ({
    id: i.id,
    email: i.email,
    role: i.role,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  }));
  return { items, nextCursor: null, invites: pending };
}

export async function invite(
  db: Db,
  mailer: Mailer,
  membership: Membership,
  inviter: SessionUser,
  input: { email: string; role: 'editor' | 'viewer' },
  origin: string,
): Promise<InviteInfo> {
  const projectId = membership.project.id;
  const members = await repo.listMembers(db, projectId);
  if (members.some((m) => m.email === input.email)) {
    throw new AppError('conflict', 'That person is already a member of this project.', { email: ['Already a member.'] });
  }
  const now = new Date();
  if (await repo.findPendingInviteForEmail(db, projectId, input.email, now)) {
    throw new AppError('conflict', 'That address already has an open invitation. Revoke it to send a new one.', { email: ['Already invited.'] });
  }
  const token = newToken();
  const id = newId();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS);
  await repo.insertInvite(db, {
    id,
    projectId,
    email: input.email,
    role: input.role,
    tokenHash: await sha256Hex(token),
    invitedBy: inviter.id,
    expiresAt,
    createdAt: now,
  });
  const link = `${origin}/projects?invite=${encodeURIComponent(token)}`;
  // The invitee's language: their account's, when the address has one; else the inviter's (a colleague, most likely the same).
  const i18n = i18nFor(await localeForAddress(db, input.email, inviter.locale));
  const names = { inviter: inviter.name, project: membership.project.name };
  await mailer.send({
    kind: 'project_invite',
    to: input.email,
    subject: i18n._('email.invite.subject', names),
    text: [
      i18n._('email.invite.body', { ...names, role: input.role }),
      '',
      i18n._('email.invite.accept'),
      link,
      '',
      i18n._('email.invite.noAccount', { email: input.email }),
    ].join('\n'),
  });
  return { id, email: input.email, role: input.role, expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() };
}

export async function revokeInvite(db: Db, projectId: string, inviteId: string): Promise<void> {
  const revoked = await repo.revokeInvite(db, projectId, inviteId, new Date());
  if (revoked.length === 0) throw new AppError('not_found', 'That invitation does not exist or is no longer open.');
}

export interface InvitePreview {
  projectName: string;
  inviterName: string | null;
  email: string;
  role: 'editor' | 'viewer';
  status: 'open' | 'accepted' | 'expired' | 'revoked';
  /** The signed-in user's address matches the invitation's. */
  forYou: boolean;
}

async function loadInvite(db: Db, token: string) {
  const row = await repo.findInviteByTokenHash(db, await sha256Hex(token));
  if (!row || row.project.deletedAt) throw new AppError('not_found', 'This invitation link is not valid.');
  return row;
}

function inviteStatus(invite: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now: Date): InvitePreview['status'] {
  if (invite.acceptedAt) return 'accepted';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt <= now) return 'expired';
  return 'open';
}

export async function previewInvite(db: Db, token: string, user: SessionUser): Promise<InvitePreview> {
  const { invite: row, project, inviterName } = await loadInvite(db, token);
  return { projectName: project.name, inviterName, email: row.email, role: row.role, status: inviteStatus(row, new Date()), forYou: row.email === user.email };
}

/** What a signed-out visitor with the link may see: who invited which address to what. The token is the secret. */
export interface PublicInvitePreview {
  projectName: string;
  inviterName: string | null;
  /** Only while the invitation is open (to pre-fill sign-up); a spent link no longer shows it. */
  email: string | null;
  status: InvitePreview['status'];
}

export async function previewInvitePublic(db: Db, token: string): Promise<PublicInvitePreview> {
  const { invite: row, project, inviterName } = await loadInvite(db, token);
  const status = inviteStatus(row, new Date());
  return { projectName: project.name, inviterName, email: status === 'open' ? row.email : null, status };
}

/** Joins the project with the invitation's role: once, while open, for the invited address. */
export async function acceptInvite(db: Db, token: string, user: SessionUser): Promise<{ projectId: string; role: ProjectRole }> {
  const { invite: row, project } = await loadInvite(db, token);
  const now = new Date();
  const status = inviteStatus(row, now);
  if (status !== 'open') {
    throw new AppError(
      'conflict',
      status === 'accepted'
        ? 'This invitation was already used.'
        : status === 'expired'
          ? 'This invitation has expired. Ask for a new one.'
          : 'This invitation was withdrawn.',
    );
  }
  if (row.email !== user.email) {
    throw new AppError('forbidden', `This invitation was sent to ${row.email}. Sign in with that address to accept it.`);
  }
  const existing = await repo.findMember(db, project.id, user.id);
  if (existing) {
    await repo.consumeInvite(db, row.id, user.id, now);
    return { projectId: project.id, role: existing.role };
  }
  // One transaction: the invitation is used up exactly when the member is added.
  const [consumed] = await rawBatch(db, [
    repo.consumeInvite(db, row.id, user.id, now),
    repo.insertMemberIfConsumed(db, { projectId: project.id, userId: user.id, role: row.role, now }),
  ]);
  if (consumed?.meta.changes !== 1) throw new AppError('conflict', 'This invitation was already used.');
  return { projectId: project.id, role: row.role };
}

/** Changes a member's role; `owner` transfers ownership (the previous owner becomes an editor). */
export async function changeRole(db: Db, membership: Membership, actor: SessionUser, targetUserId: string, role: ProjectRole): Promise<MemberInfo> {
  const projectId = membership.project.id;
  const target = await repo.findMember(db, projectId, targetUserId);
  if (!target) throw new AppError('not_found', 'That person is not a member of this project.');
  if (role === 'owner') {
    if (targetUserId === actor.id) throw new AppError('validation_failed', 'You already own this project.', { role: ['You already own this project.'] });
    // One conditional batch: the new owner's plan limit is checked by the statement that
    // demotes the current owner, so nothing changes when it is refused.
    const [demoted, promoted] = await rawBatch(db, [
      ...repo.transferOwnershipStatements(db, projectId, actor.id, targetUserId),
      auditIfChangedStatement(db, { actorUserId: actor.id, action: 'project.ownership_transferred', targetType: 'user', targetId: targetUserId, projectId }),
    ]);
    if (demoted?.meta.changes !== 1 || promoted?.meta.changes !== 1) {
      const [project, member, allowance] = await Promise.all([
        repo.findProject(db, projectId),
        repo.findMember(db, projectId, targetUserId),
        repo.projectAllowance(db, targetUserId),
      ]);
      const max = allowance ? PLANS[allowance.plan].maxProjects : null;
      if (project && project.archivedAt === null && member && member.role !== 'owner' && allowance && max !== null && allowance.active >= max) {
        throw new AppError(
          'plan_limit_reached',
          `${allowance.name}’s ${PLANS[allowance.plan].name} plan includes ${max} active projects. They can archive one or upgrade, or you can archive this project first.`,
          { _: [`plan:${allowance.plan}`, `limit:${max}`] },
        );
      }
      throw new AppError('conflict', 'Ownership changed meanwhile. Reload and try again.');
    }
  } else {
    if (target.role === 'owner')
      throw new AppError('validation_failed', 'Transfer ownership to someone else first.', { role: ['The owner’s role changes only through a transfer.'] });
    await repo.setMemberRole(db, projectId, targetUserId, role);
  }
  const [member] = await repo.listMembers(db, projectId, targetUserId);
  if (!member) throw new AppError('not_found');
  return { userId: member.userId, name: member.name, email: member.email, role: member.role, joinedAt: member.joinedAt.toISOString() };
}

/** The owner removes a member, or a member leaves; the owner must transfer ownership first. */
export async function removeMember(db: Db, membership: Membership, actor: SessionUser, targetUserId: string): Promise<void> {
  const leaving = targetUserId === actor.id;
  if (!leaving && membership.role !== 'owner') throw new AppError('forbidden', 'Only the project’s owner can remove members.');
  const target = await repo.findMember(db, membership.project.id, targetUserId);
  if (!target) throw new AppError('not_found', 'That person is not a member of this project.');
  if (target.role === 'owner') throw new AppError('conflict', 'The owner cannot leave. Transfer ownership to another member first.');
  await repo.deleteMember(db, membership.project.id, targetUserId);
}

/**
 * An owner's account is being purged (decision 0023): ownership passes to `toUserId`, a member
 * the caller chose, as statements for the caller's batch, all of them only while `guard` holds.
 * When the new owner's plan has no free project slot, the project is archived first (archived
 * projects do not count), so the team keeps it and the new owner decides. `outcome` reads the
 * batch's results for these statements: whether the hand-over happened and whether it archived.
 */
export function handOverStatements(db: Db, projectId: string, fromUserId: string, toUserId: string, guard: SQL) {
  const statements = [
    repo.archiveUnlessSlotStatement(db, projectId, toUserId, guard),
    ...repo.transferOwnershipStatements(db, projectId, fromUserId, toUserId, guard),
    auditIfChangedStatement(db, {
      actorUserId: null,
      action: 'project.ownership_transferred',
      targetType: 'user',
      targetId: toUserId,
      projectId,
      details: { from: fromUserId, reason: 'account_deleted' },
    }),
  ];
  return {
    statements,
    outcome: (results: D1Result[]) => {
      const [archived, demoted, promoted] = results;
      return { handedOver: demoted?.meta.changes === 1 && promoted?.meta.changes === 1, archived: archived?.meta.changes === 1 };
    },
  };
}

/** Projects deleted before `before` go for good once the media and creatives features have purged what they held (the purge job). */
export async function purgeDeletedProjects(db: Db, before: Date): Promise<void> {
  await repo.deleteEmptyDeletedProjects(db, before);
}

/** Whether one of the user's projects has a brand kit (a logo or colours). */
export function brandKitSetRead(db: Db, userId: string): Read<boolean> {
  return hasRows(() => repo.brandKitSetQuery(db, userId));
}
