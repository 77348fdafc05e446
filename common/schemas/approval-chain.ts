import * as z from 'zod/mini';
import { APPROVAL_MODES, CHAIN_LIMITS, type ApprovalMode } from '#common/approval-chain.ts';
import { emailField, idField, text } from '#common/schemas/fields.ts';

const levelName = text('Name the level.').check(
  z.trim(),
  z.minLength(1, 'Name the level.'),
  z.maxLength(CHAIN_LIMITS.levelName, `Use at most ${CHAIN_LIMITS.levelName} characters.`),
);

const approvalLevelInput = z
  .object({
    name: levelName,
    userIds: z.array(idField()).check(z.maxLength(CHAIN_LIMITS.approvers, `A level has at most ${CHAIN_LIMITS.approvers} approvers.`)),
    emails: z.array(emailField).check(z.maxLength(CHAIN_LIMITS.approvers, `A level has at most ${CHAIN_LIMITS.approvers} approvers.`)),
  })
  .check(
    z.refine((level) => level.userIds.length + level.emails.length > 0, { message: 'Add an approver to the level.', path: ['userIds'] }),
    z.refine((level) => level.userIds.length + level.emails.length <= CHAIN_LIMITS.approvers, {
      message: `A level has at most ${CHAIN_LIMITS.approvers} approvers.`,
      path: ['emails'],
    }),
  );

/** PUT /api/projects/{projectId}/approval-chain: the mode and its ordered levels (the `levels` mode needs one at least). */
export const approvalChainInput = z
  .object({
    mode: z.enum(APPROVAL_MODES, 'Pick no approval, optional, required or levels.'),
    levels: z.array(approvalLevelInput).check(z.maxLength(CHAIN_LIMITS.levels, `A chain has at most ${CHAIN_LIMITS.levels} levels.`)),
  })
  .check(z.refine((chain) => chain.mode !== 'levels' || chain.levels.length > 0, { message: 'Add a level.', path: ['levels'] }));
export type ApprovalChainInput = z.infer<typeof approvalChainInput>;

/**
 * The project's approval emails to people outside it (named by address) in the current day's
 * window: `sent` of `limit`, `held` not sent since the limit was met, until `resetsAt` (null: none sent).
 */
export interface ApprovalMailCount {
  limit: number;
  sent: number;
  held: number;
  resetsAt: string | null;
}

/** GET /api/projects/{projectId}/approval-chain (the GET adds the day's emails to people outside the project). */
export interface ApprovalChainDetail {
  mode: ApprovalMode;
  levels: { name: string; userIds: string[]; emails: string[] }[];
  outsideMail?: ApprovalMailCount;
}

/** Where an ad stands in its project's chain (the ad screen's status area). */
export interface AdApproval {
  mode: ApprovalMode;
  /** The level the ad waits at (while in review in the `levels` mode), with who can approve it there. */
  waitingAt: { index: number; count: number; name: string; approvers: string[] } | null;
}
