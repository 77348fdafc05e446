/**
 * Approval chains (issue 32 point 2, decision 0050): the rules, pure. A project approves its ads
 * in one of four modes; given the mode, its ordered levels, an ad's state and an action, `nextStep`
 * says what happens: the ad moves (status and the level it waits at), the review is only kept, it
 * is kept as a comment, or the action is refused with the reason. The worker writes the move as
 * one conditional write (the status and level read in its WHERE); the client shows the levels.
 */
import { REVIEW_DECISIONS, VIEWER_REVIEW_MESSAGE, decisionsFor, type AdStatus, type ReviewDecision } from '#common/ads.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';

/** none: publish without review · optional: publish any time, reviews recorded · required: one approval · levels: every level in order. */
export const APPROVAL_MODES = ['none', 'optional', 'required', 'levels'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** What a project without a chain of its own has: today's single approval (decision 0050). */
export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'required';

export const CHAIN_LIMITS = { levels: 10, levelName: 40, approvers: 20 } as const;

/** One level of a chain: its approvers are members (by user id) and people by email. */
export interface ApprovalLevel {
  name: string;
  userIds: string[];
  emails: string[];
}

export interface ApprovalChain {
  mode: ApprovalMode;
  levels: ApprovalLevel[];
}

/** An ad as the chain sees it: its status and the level (index) it waits at while in review. */
export interface ChainState {
  status: AdStatus;
  level: number;
}

/** Who reviews: a member (with their role) or a visitor of the preview link (role null), with the address they gave. */
export interface ChainReviewer {
  userId: string | null;
  email: string | null;
  role: ProjectRole | null;
}

export type ChainAction =
  | { type: 'submit' }
  | { type: 'approve' | 'request_changes'; by: ChainReviewer; /** Whether the review was given on the ad's current revision. */ current: boolean }
  | { type: 'publish' | 'schedule' }
  /** A change of the ad's content (copy, pictures, kind): what was approved is not what the ad now shows. */
  | { type: 'edit' }
  /** The ad's scheduled post was canceled (or could not be made); `from` is the status it was scheduled from, if known. */
  | { type: 'unschedule'; from: AdStatus | null };

export type ChainStep =
  /** The ad moves; `levelName` names the level the step was taken at, `notify` the level whose approvers are told it waits for them. */
  | { kind: 'move'; to: ChainState; levelName: string | null; notify: number | null }
  /** Nothing moves; a review is recorded as given (on an older revision, or in a status it does not move). */
  | { kind: 'keep' }
  /** Nothing moves; the review is recorded as a comment (a visitor who is not an approver of the level). */
  | { kind: 'comment' }
  | { kind: 'refuse'; code: 'forbidden' | 'conflict'; message: string };

/** Statuses in which a review moves the ad in the single-approval modes (as before chains). */
const REVIEWABLE: readonly AdStatus[] = ['in_review', 'approved', 'changes_requested'];
/** Statuses an ad can be published (or scheduled) from when no approval is needed. */
const UNPUBLISHED: readonly AdStatus[] = ['draft', 'in_review', 'approved', 'changes_requested', 'failed'];

const lower = (email: string | null) => email?.trim().toLowerCase() ?? null;

/** Whether `by` is an approver of `level`: named as a member, or by the address they reviewed with. */
export function isApproverOf(level: ApprovalLevel, by: ChainReviewer): boolean {
  if (by.userId !== null && level.userIds.includes(by.userId)) return true;
  const email = lower(by.email);
  return email !== null && email !== '' && level.emails.some((e) => lower(e) === email);
}

/** The level an ad waits at (a level beyond the chain, after levels were removed, is its first). */
export function currentLevel(chain: ApprovalChain, state: ChainState): number {
  return state.level >= 0 && state.level < chain.levels.length ? state.level : 0;
}

/** A level as the messages name it: the level “Client” (2 of 2). */
const levelLabel = (chain: ApprovalChain, index: number) => `the level “${chain.levels[index]?.name ?? ''}” (${index + 1} of ${chain.levels.length})`;

function refuse(code: 'forbidden' | 'conflict', message: string): ChainStep {
  return { kind: 'refuse', code, message };
}

/**
 * The decisions a review form offers under a mode: without approval only comments; with levels
 * all three (the level's approvers decide, anyone else's review is a comment or refused); else as
 * the reviewer's role gives them (a viewer comments).
 */
export function decisionsUnder(mode: ApprovalMode, role: ProjectRole | null): readonly ReviewDecision[] {
  if (mode === 'none') return ['comment'];
  return mode === 'levels' ? REVIEW_DECISIONS : decisionsFor(role);
}

/**
 * Of `decisions`, those a form offers for an ad in `status`: an approved ad can be sent back but
 * not approved again; a scheduled or published one takes comments (a decision would move nothing).
 */
export function decisionsAt(decisions: readonly ReviewDecision[], status: AdStatus): readonly ReviewDecision[] {
  if (status === 'scheduled' || status === 'published') return ['comment'];
  return status === 'approved' ? decisions.filter((decision) => decision !== 'approve') : decisions;
}

/** What `action` does to an ad in `state` under `chain`. */
export function nextStep(chain: ApprovalChain, state: ChainState, action: ChainAction): ChainStep {
  switch (action.type) {
    case 'submit':
      return submitStep(chain, state);
    case 'publish':
    case 'schedule':
      return publishStep(chain, state, action.type);
    case 'edit':
      return editStep(chain, state);
    case 'unschedule':
      return unscheduleStep(chain, state, action.from);
    default:
      return reviewStep(chain, state, action.type, action.by, action.current);
  }
}

function submitStep(chain: ApprovalChain, state: ChainState): ChainStep {
  if (chain.mode === 'none') return refuse('conflict', 'This project publishes without approval: publish or schedule the ad directly.');
  if (state.status === 'in_review') return { kind: 'keep' };
  if (state.status !== 'draft' && state.status !== 'changes_requested') {
    return refuse('conflict', 'Only a draft, or an ad with changes requested, can be sent for review.');
  }
  const levels = chain.mode === 'levels' && chain.levels.length > 0;
  return { kind: 'move', to: { status: 'in_review', level: 0 }, levelName: null, notify: levels ? 0 : null };
}

function publishStep(chain: ApprovalChain, state: ChainState, type: 'publish' | 'schedule'): ChainStep {
  if (state.status === 'scheduled' || state.status === 'published') return refuse('conflict', 'This ad is already scheduled or published.');
  const open = chain.mode === 'none' || chain.mode === 'optional';
  if (open ? UNPUBLISHED.includes(state.status) : state.status === 'approved' || state.status === 'failed') {
    return { kind: 'move', to: { status: 'scheduled', level: 0 }, levelName: null, notify: null };
  }
  if (chain.mode === 'levels' && state.status === 'in_review' && chain.levels.length > 0) {
    return refuse(
      'conflict',
      `This ad waits for approval at ${levelLabel(chain, currentLevel(chain, state))}: it can be published or scheduled once every level approved it.`,
    );
  }
  return refuse('conflict', type === 'schedule' ? 'Only an approved ad can be scheduled.' : 'Only an approved ad can be published.');
}

/**
 * A change of content. Without approval the ad is a draft again: publishable at once, never in a
 * review nobody can move. Else an approved, scheduled or failed ad goes back to review at the
 * first level, whose approvers are told; one in review past the first level restarts there (its
 * first level approved other content) and they are told too.
 */
function editStep(chain: ApprovalChain, state: ChainState): ChainStep {
  if (state.status === 'published' || state.status === 'draft') return { kind: 'keep' };
  if (chain.mode === 'none') return { kind: 'move', to: { status: 'draft', level: 0 }, levelName: null, notify: null };
  const notify = chain.mode === 'levels' && chain.levels.length > 0 ? 0 : null;
  if (state.status === 'approved' || state.status === 'scheduled' || state.status === 'failed') {
    return { kind: 'move', to: { status: 'in_review', level: 0 }, levelName: null, notify };
  }
  if (state.status === 'in_review' && state.level > 0) return { kind: 'move', to: { status: 'in_review', level: 0 }, levelName: null, notify };
  return { kind: 'keep' };
}

/**
 * A canceled post: the ad is where the chain puts an unpublished ad. Without approval a draft
 * (publishable); optional: the status it was scheduled from; required and levels: approved when it
 * was scheduled approved (or after a failure, which only an approved ad reaches), else where it
 * was (scheduled under a looser mode: an approval it never had is not given by a cancel).
 */
function unscheduleStep(chain: ApprovalChain, state: ChainState, from: AdStatus | null): ChainStep {
  if (state.status !== 'scheduled') return { kind: 'keep' };
  const back = from !== null && UNPUBLISHED.includes(from) ? from : null;
  const status: AdStatus =
    chain.mode === 'none' ? 'draft' : chain.mode === 'optional' ? (back ?? 'draft') : back === null || back === 'failed' ? 'approved' : back;
  return { kind: 'move', to: { status, level: 0 }, levelName: null, notify: null };
}

function reviewStep(chain: ApprovalChain, state: ChainState, type: 'approve' | 'request_changes', by: ChainReviewer, current: boolean): ChainStep {
  const visitor = by.role === null;
  if (chain.mode === 'none') {
    return visitor ? { kind: 'comment' } : refuse('conflict', 'This project publishes without approval: comment on the ad, or publish it.');
  }
  if (chain.mode !== 'levels' || chain.levels.length === 0) {
    // PRODUCT.md §1: a project's viewers comment; its editors and owner (and the link's customer) decide.
    if (by.role === 'viewer') return refuse('forbidden', VIEWER_REVIEW_MESSAGE);
    if (!current || !REVIEWABLE.includes(state.status)) return { kind: 'keep' };
    return { kind: 'move', to: { status: type === 'approve' ? 'approved' : 'changes_requested', level: 0 }, levelName: null, notify: null };
  }
  const at = currentLevel(chain, state);
  const waiting = state.status === 'in_review';
  // Changes may be asked for by an approver of the level the ad waits at or of one it passed (every level, once it is approved).
  const askable = state.status === 'approved' ? chain.levels.length - 1 : at;
  // The level the reviewer approves for: the current one, or for a change request the first of theirs up to `askable`.
  const theirs =
    type === 'approve' ? (isApproverOf(chain.levels[at]!, by) ? at : -1) : chain.levels.slice(0, askable + 1).findIndex((level) => isApproverOf(level, by));
  if (theirs < 0) {
    if (visitor) return { kind: 'comment' };
    return refuse(
      'forbidden',
      type === 'approve'
        ? `This ad waits for approval at ${levelLabel(chain, at)}, and you are not one of its approvers. Comment instead, or ask the project’s owner to add you to the level.`
        : `Only an approver of ${levelLabel(chain, at)} or of a level before it can request changes. Comment instead.`,
    );
  }
  if (!current) return { kind: 'keep' };
  if (type === 'request_changes') {
    if (!waiting && state.status !== 'approved') return { kind: 'keep' };
    return { kind: 'move', to: { status: 'changes_requested', level: 0 }, levelName: chain.levels[theirs]!.name, notify: null };
  }
  if (!waiting) return { kind: 'keep' };
  const levelName = chain.levels[at]!.name;
  if (at + 1 < chain.levels.length) return { kind: 'move', to: { status: 'in_review', level: at + 1 }, levelName, notify: at + 1 };
  return { kind: 'move', to: { status: 'approved', level: 0 }, levelName, notify: null };
}
