import { DEFAULT_APPROVAL_MODE, type ApprovalChain } from '#common/approval-chain.ts';
import type { Locale } from '#common/i18n/locales.ts';
import type { AdApproval, ApprovalChainDetail, ApprovalChainInput, ApprovalMailCount } from '#common/schemas/approval-chain.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { personalEmail, type Mailer, type Recipient } from '#worker/lib/mailer.ts';
import { attemptsOf, consume, type RateLimitRule } from '#worker/lib/rate-limit.ts';
import { combine, mapRead, read, run, type Read } from '#worker/lib/reads.ts';
import { liveProjectRead, membersOf } from '#worker/features/projects/scope/service.ts';
import { invalid } from '#worker/features/ads/core/checks.ts';
import * as repo from '#worker/features/ads/core/repo.ts';
import { newPreviewId, previewUrlOf } from '#worker/features/ads/core/shapes.ts';

/**
 * A project's approval chain as the ads feature keeps it (decision 0050): reading it with the
 * project's members, saving it, where an ad stands in it, and the email to a level's approvers.
 * The rules themselves are common/approval-chain.ts's.
 */

type Member = { userId: string; name: string; email: string; locale: Locale };

/** A project's chain at the version read, with its members (members approve by their id; only people outside the project by address). */
export interface LoadedChain {
  /** As saved (the settings card's). */
  saved: ApprovalChain;
  /** As the rules see it: member approvers who left the project dropped; members named by address matched by id (signed in), never by a typed address. */
  rules: ApprovalChain;
  version: number;
  members: Member[];
  /** The project's language: the emails to approvers who are not members speak it. */
  locale: Locale;
}

function loaded(row: repo.ApprovalChainRow | undefined, members: Member[], locale: Locale): LoadedChain {
  const saved: ApprovalChain = row ? { mode: row.mode, levels: row.levels } : { mode: DEFAULT_APPROVAL_MODE, levels: [] };
  const memberIds = new Set(members.map((member) => member.userId));
  const byEmail = new Map(members.map((member) => [member.email.toLowerCase(), member.userId]));
  // A member approves signed in, by their id, never by an address typed on the public preview form
  // (anyone with the link could type it): a member named by address is matched by id instead.
  const rules: ApprovalChain = {
    mode: saved.mode,
    levels: saved.levels.map((level) => {
      const named = level.emails.flatMap((email) => byEmail.get(email.toLowerCase()) ?? []);
      const userIds = [...new Set([...level.userIds.filter((id) => memberIds.has(id)), ...named])];
      return { name: level.name, userIds, emails: level.emails.filter((email) => !byEmail.has(email.toLowerCase())) };
    }),
  };
  return { saved, rules, version: row?.version ?? 0, members, locale };
}

/** The project's chain and members, as a read to batch with others. */
export function chainRead(db: Db, projectId: string): Read<LoadedChain> {
  return mapRead(
    combine({ row: read(repo.chainQuery(db, projectId), ([row]) => row), members: membersOf(db, projectId), project: liveProjectRead(db, projectId) }),
    ({ row, members, project }) => loaded(row, members, project?.locale ?? 'en'),
  );
}

export function chainOf(db: Db, projectId: string): Promise<LoadedChain> {
  return run(db, chainRead(db, projectId));
}

export function chainDetail(chain: LoadedChain): ApprovalChainDetail {
  return { mode: chain.saved.mode, levels: chain.saved.levels };
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** How many of a project's ads in review a saved chain tells the first level about (an agency's client has a few dozen at most). */
const RESTART_MAIL_ADS = 50;

/**
 * Saves the project's chain (422 when an approver named by user id is not a member) as a new
 * version; its ads in review start again at the first level (repo.saveChainStatements), whose
 * approvers are told about each ad that now waits for them anew: every one when the first level
 * is new (another mode before, other approvers or name), else those that were past it.
 */
export async function saveChain(
  db: Db,
  mailer: Mailer,
  origin: string,
  projectId: string,
  actorId: string,
  input: ApprovalChainInput,
): Promise<ApprovalChainDetail> {
  const before = await chainOf(db, projectId);
  const { members } = before;
  const memberIds = new Set(members.map((member) => member.userId));
  input.levels.forEach((level, index) => {
    if (level.userIds.some((id) => !memberIds.has(id))) throw invalid(`levels.${index}.userIds`, 'Pick approvers among the project’s members.');
  });
  const levels = input.levels.map((level) => ({ name: level.name, userIds: unique(level.userIds), emails: unique(level.emails) }));
  // Read before the save resets them: their levels say which were past the first.
  const inReview = input.mode === 'levels' && levels.length > 0 ? await repo.listAds(db, { projectId, status: 'in_review' }, RESTART_MAIL_ADS, undefined) : [];
  const now = new Date();
  await rawBatch(db, [
    ...repo.saveChainStatements(db, projectId, { mode: input.mode, levels }, now),
    auditStatement(db, {
      actorUserId: actorId,
      action: 'project.approval_chain',
      targetType: 'project',
      targetId: projectId,
      projectId,
      details: { mode: input.mode, levels: levels.length },
    }),
  ]);
  if (inReview.length > 0) {
    const firstBefore = before.saved.mode === 'levels' ? before.saved.levels[0] : undefined;
    const sameFirst = firstBefore !== undefined && JSON.stringify(firstBefore) === JSON.stringify(levels[0]);
    // The chain as saved, with the members already read (no second read).
    const after = loaded({ projectId, mode: input.mode, levels, version: before.version + 1, updatedAt: now }, members, before.locale);
    for (const ad of inReview) if (!sameFirst || ad.approvalLevel !== 0) await notifyLevel(db, mailer, after, 0, ad, origin);
  }
  return { mode: input.mode, levels };
}

/** Where an ad stands: the level it waits at while in review in the `levels` mode, with its approvers' names and addresses. */
export function approvalOf(chain: LoadedChain, ad: Pick<repo.AdRow, 'status' | 'approvalLevel'>): AdApproval {
  const { levels } = chain.saved;
  if (chain.saved.mode !== 'levels' || ad.status !== 'in_review' || levels.length === 0) return { mode: chain.saved.mode, waitingAt: null };
  const index = ad.approvalLevel < levels.length ? ad.approvalLevel : 0;
  const level = levels[index]!;
  const names = new Map(chain.members.map((member) => [member.userId, member.name]));
  const approvers = [...level.userIds.flatMap((id) => names.get(id) ?? []), ...level.emails];
  return { mode: 'levels', waitingAt: { index, count: levels.length, name: level.name, approvers } };
}

/**
 * Emails to approvers named by address (people outside the project), per project and day: the
 * owner types them and names the ad in the subject, so without a bound a project could mail any
 * address through us. 100 a day is a client level of three people for 30+ ads submitted a day
 * (more than an agency sends one client), and caps what one project can send to strangers.
 * Members are not counted: they have accounts and chose the project.
 */
export const OUTSIDE_MAIL_LIMIT: RateLimitRule = { limit: 100, windowMs: 24 * 60 * 60_000 };
const outsideMailKey = (projectId: string) => `approval-mail:${projectId}`;

/** The project's emails to approvers outside it in the current day's window (the settings card says when the limit holds them back). */
export async function outsideMailOf(db: Db, projectId: string): Promise<ApprovalMailCount> {
  const counted = await attemptsOf(db, outsideMailKey(projectId));
  return {
    limit: OUTSIDE_MAIL_LIMIT.limit,
    sent: Math.min(counted?.count ?? 0, OUTSIDE_MAIL_LIMIT.limit),
    held: Math.max((counted?.count ?? 0) - OUTSIDE_MAIL_LIMIT.limit, 0),
    resetsAt: counted ? counted.resetAt.toISOString() : null,
  };
}

/** Counts one email to an address outside the project (one conditional write); false when the day's limit is met. */
async function mayMailOutside(db: Db, projectId: string): Promise<boolean> {
  try {
    await consume(db, outsideMailKey(projectId), OUTSIDE_MAIL_LIMIT);
    return true;
  } catch (error) {
    // Over the limit, or the count could not be written: the email is not sent (never more than the limit), the step stands.
    if (!(error instanceof AppError)) console.error(JSON.stringify({ level: 'error', message: 'approval_mail_count_failed', projectId }));
    return false;
  }
}

/**
 * Tells the approvers of level `index` that the ad waits for them, each once, in their language:
 * members with the workspace's link; people named by address (outside the project) with the
 * preview link, the only way they can review: made for them when the ad has none yet. Those
 * emails count against the project's daily limit (OUTSIDE_MAIL_LIMIT); one over it is not sent
 * (the step stands; the settings card says so). Returns how many were held back.
 */
export async function notifyLevel(
  db: Db,
  mailer: Mailer,
  chain: LoadedChain,
  index: number,
  ad: { id: string; projectId: string; name: string; previewId: string | null },
  origin: string,
): Promise<{ held: number }> {
  const level = chain.saved.levels[index];
  if (!level) return { held: 0 };
  const byEmail = new Map(chain.members.map((member) => [member.email.toLowerCase(), member]));
  const recipients = new Map<string, { to: Recipient; link: string }>();
  const workspace = `${origin}/projects/${ad.projectId}/marketing`;
  for (const member of chain.members) {
    if (level.userIds.includes(member.userId)) recipients.set(member.email.toLowerCase(), { to: member, link: workspace });
  }
  for (const email of level.emails) {
    const member = byEmail.get(email.toLowerCase());
    if (member) recipients.set(email.toLowerCase(), { to: member, link: workspace });
  }
  const outside = unique(level.emails.map((email) => email.toLowerCase()))
    .filter((email) => !recipients.has(email))
    .map((lowered) => level.emails.find((email) => email.toLowerCase() === lowered)!);
  const values = { ad: ad.name, level: level.name, position: index + 1, count: chain.saved.levels.length };
  const send = (to: Recipient, link: string) =>
    mailer.send(
      personalEmail('ad_approval', to, (i18n) => ({
        subject: i18n._('email.approval.subject', values),
        lines: [i18n._('email.approval.body', values), '', i18n._('email.approval.see'), link],
      })),
    );
  for (const { to, link } of recipients.values()) await send(to, link);
  if (outside.length === 0) return { held: 0 };
  const previewId = ad.previewId ?? (await repo.ensurePreviewId(db, ad.id, newPreviewId()))?.previewId ?? null;
  if (!previewId) return { held: outside.length };
  let held = 0;
  for (const email of outside) {
    if (await mayMailOutside(db, ad.projectId)) await send({ email, name: email, locale: chain.locale }, previewUrlOf(origin, previewId));
    else held += 1;
  }
  if (held > 0) console.warn(JSON.stringify({ level: 'warn', message: 'approval_mail_held', projectId: ad.projectId, adId: ad.id, held }));
  return { held };
}
