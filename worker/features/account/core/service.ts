import type { DeletionScheduled } from '#common/schemas/auth.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { personalEmail, quotedList, type Mailer, type Recipient } from '#worker/lib/mailer.ts';
import type { RequestMeta } from '#worker/lib/request-meta.ts';
import * as auth from '#worker/features/auth/core/service.ts';
import { handOverStatements } from '#worker/features/projects/core/service.ts';
import * as repo from '#worker/features/account/core/repo.ts';

/** How long an account waits between the deletion request and the purge (decision 0023). */
export const DELETION_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** The live account (the data export starts from it too). */
export function liveUser(db: Db, userId: string) {
  return repo.findUser(db, userId);
}

/** The account's subscription, if it ever had one. */
export function subscriptionOf(db: Db, userId: string) {
  return repo.subscriptionOf(db, userId);
}

/**
 * The user asks to delete their account, with their password (422 when wrong, rate limited like
 * sign-in). At once: every session, password-reset link and Instagram connection they made ends
 * (they are signed out); the account waits 30 days, then the scheduled job purges it. Signing in
 * before then cancels it. A paid plan that still renews must be cancelled first (409), so that no
 * payment is taken from an account on its way out.
 */
export async function requestDeletion(
  db: Db,
  mailer: Mailer,
  userId: string,
  password: string,
  meta: RequestMeta,
  origin: string,
  now = new Date(),
): Promise<DeletionScheduled> {
  await auth.confirmPassword(db, userId, password, meta);
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('unauthenticated');
  const subscription = await repo.subscriptionOf(db, userId);
  if (subscription && subscription.status !== 'canceled' && !subscription.cancelAtPeriodEnd) {
    throw new AppError(
      'conflict',
      'Your paid plan still renews. Cancel it on the Billing page first (it runs to the end of the period), then delete your account.',
    );
  }
  const owned = await repo.ownedProjects(db, userId);
  const [[marked]] = await db.batch([
    repo.markForDeletion(db, userId, now),
    ...repo.revokeAccessStatements(db, userId),
    auditStatement(db, { actorUserId: userId, action: 'user.deletion_requested', targetType: 'user', targetId: userId, ip: meta.ip }),
  ]);
  auth.forgetUserSessions(userId);
  // A replay (the account was marked already: no session could normally send it) schedules nothing new and mails nothing.
  if (!marked) return { purgeAfter: new Date((user.deletionRequestedAt ?? now).getTime() + DELETION_GRACE_MS).toISOString() };
  const purgeAfter = new Date(now.getTime() + DELETION_GRACE_MS);
  const shared = owned.filter((p) => p.others > 0);
  const alone = owned.filter((p) => p.others === 0);
  await mailer.send(
    personalEmail('account_deletion_scheduled', user, (i18n, _locale, day) => {
      const date = day(purgeAfter);
      return {
        subject: i18n._('email.deletionScheduled.subject', { date }),
        lines: [
          i18n._('email.deletionScheduled.asked'),
          i18n._('email.deletionScheduled.on', { date }),
          alone.length > 0
            ? i18n._('email.deletionScheduled.alone', {
                count: alone.length,
                names: quotedList(
                  i18n,
                  alone.map((p) => p.name),
                ),
              })
            : i18n._('email.deletionScheduled.personal'),
          ...(shared.length > 0
            ? [
                i18n._('email.deletionScheduled.shared', {
                  names: quotedList(
                    i18n,
                    shared.map((p) => p.name),
                  ),
                }),
              ]
            : []),
          i18n._('email.deletionScheduled.records'),
          '',
          i18n._('email.deletionScheduled.changed', { link: `${origin}/login` }),
          i18n._('email.deletionScheduled.copy'),
        ],
      };
    }),
  );
  return { purgeAfter: purgeAfter.toISOString() };
}

/**
 * The scheduled job: accounts whose grace period is over. Projects they share are handed to the
 * longest-standing editor (else viewer); projects only they are in become deleted projects dated
 * back to the request, so the content purge that runs next removes their media, renders, fonts
 * and R2 objects; the presentations they wrote go too (an admin's stay, without an author); the
 * account row is stripped of personal data and kept as the anonymous anchor of ledger and payment
 * rows. Returns how many were purged.
 */
export async function purgeDueAccounts(db: Db, mailer: Mailer, now: Date, limit = 20): Promise<number> {
  const due = await repo.dueForPurge(db, new Date(now.getTime() - DELETION_GRACE_MS), limit);
  let purged = 0;
  for (const user of due) {
    if (await purgeAccount(db, mailer, user, now)) purged += 1;
  }
  return purged;
}

type PurgedUser = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;

/**
 * One account, as ONE batch whose first statement claims it (repo.claimPurgeStatement) and whose
 * every other statement runs only if the claim did: a sign-in that cancels the deletion at any
 * moment before the batch (login clears deletion_requested_at), or members who changed under the
 * job, leave everything as it was, hand-overs included; the account is tried again next run (or
 * never, when the deletion was cancelled). D1 runs a batch as one transaction, so nothing can come
 * between the claim and the rest.
 */
async function purgeAccount(db: Db, mailer: Mailer, user: PurgedUser, now: Date): Promise<boolean> {
  const requestedAt = user.deletionRequestedAt;
  if (!requestedAt) return false;
  const owned = await repo.ownedProjects(db, user.id);
  const alone = owned.filter((p) => p.others === 0);
  const plan: (repo.HandOver & { project: string; to: Recipient })[] = [];
  for (const project of owned.filter((p) => p.others > 0)) {
    const members = await repo.otherMembers(db, project.id, user.id);
    // Editors before viewers, people who stay before people on their way out; by tenure within each.
    const rank = (m: (typeof members)[number]) => (m.away ? 2 : 0) + (m.role === 'editor' ? 0 : 1);
    const [heir] = members.filter((m) => m.role !== 'owner').sort((a, b) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime());
    // Members changed under us: try again on the next run rather than leave a project without an owner.
    if (!heir) return retryLater(user.id, 'no_successor', project.id);
    plan.push({ projectId: project.id, toUserId: heir.userId, role: heir.role, project: project.name, to: heir });
  }
  const guard = repo.purgedInThisRun(user.id, requestedAt, now);
  const handOvers = plan.map((h) => handOverStatements(db, h.projectId, user.id, h.toUserId, guard));
  const results = await rawBatch(db, [
    repo.claimPurgeStatement(db, user, requestedAt, plan, now),
    // Right after the claim: written only when it changed the row.
    auditIfChangedStatement(db, {
      actorUserId: null,
      action: 'user.purged',
      targetType: 'user',
      targetId: user.id,
      details: { projectsDeleted: alone.length, projectsHandedOver: plan.length },
    }),
    ...handOvers.flatMap((h) => h.statements),
    repo.deleteOwnedProjectsStatement(db, user.id, requestedAt, guard),
    repo.presentationsStatement(db, user.id, user.role === 'admin', requestedAt, guard),
    ...repo.anonymiseStatements(db, user, guard),
  ]);
  if (results[0]?.meta.changes !== 1) {
    const current = await repo.findUser(db, user.id);
    // Cancelled by a sign-in (or purged by another run): nothing to do, now or later.
    if (current?.deletionRequestedAt?.getTime() !== requestedAt.getTime()) return false;
    return retryLater(user.id, 'changed_meanwhile');
  }
  let offset = 2;
  const handedOver = plan.map((h, i) => {
    const statements = handOvers[i]!.statements.length;
    const outcome = handOvers[i]!.outcome(results.slice(offset, offset + statements));
    offset += statements;
    // The claim re-checked the heir and the owner, so this is not expected; if it happens, the
    // project may be left without an owner: said in the log, and the heir is not told they own it.
    if (!outcome.handedOver)
      console.error(JSON.stringify({ level: 'error', message: 'account_purge_handover_failed', userId: user.id, projectId: h.projectId }));
    return { project: h.project, to: h.to, archived: outcome.archived, handedOver: outcome.handedOver };
  });
  auth.forgetUserSessions(user.id);
  const given = handedOver.filter((h) => h.handedOver);
  for (const h of given) {
    await mailer.send(
      personalEmail('project_ownership_received', h.to, (i18n) => ({
        subject: i18n._('email.ownershipReceived.subject', { project: h.project }),
        lines: [i18n._('email.ownershipReceived.body', { project: h.project }), ...(h.archived ? ['', i18n._('email.ownershipReceived.archived')] : [])],
      })),
    );
  }
  await mailer.send(
    personalEmail('account_deleted', user, (i18n) => ({
      subject: i18n._('email.accountDeleted.subject'),
      lines: [
        i18n._('email.accountDeleted.body'),
        ...(given.length > 0
          ? [
              i18n._('email.accountDeleted.shared', {
                names: quotedList(
                  i18n,
                  given.map((h) => h.project),
                ),
              }),
            ]
          : []),
        i18n._('email.accountDeleted.last'),
      ],
    })),
  );
  // Sent (or handed to the provider): its outbox copy would keep their address, name and projects.
  await repo.forgetMailTo(db, user.email);
  return true;
}

function retryLater(userId: string, reason: string, projectId?: string): false {
  console.warn(JSON.stringify({ level: 'warn', message: 'account_purge_retry', reason, userId, projectId }));
  return false;
}
