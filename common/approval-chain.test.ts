import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdStatus } from '#common/ads.ts';
import { APPROVAL_MODES, isApproverOf, nextStep, type ApprovalChain, type ChainAction, type ChainReviewer, type ChainState } from '#common/approval-chain.ts';

/** The people of the random worlds: members (with a role) and visitors of the preview link (by the address they type). */
const MEMBERS: ChainReviewer[] = [
  { userId: 'u_owner', email: 'olivia@agency.example', role: 'owner' },
  { userId: 'u_editor', email: 'ed@agency.example', role: 'editor' },
  { userId: 'u_viewer', email: 'vic@client.example', role: 'viewer' },
];
const VISITORS: ChainReviewer[] = [
  { userId: null, email: 'carla@client.example', role: null },
  { userId: null, email: 'CARLA@client.example ', role: null },
  { userId: null, email: 'stranger@elsewhere.example', role: null },
  { userId: null, email: null, role: null },
];
const PEOPLE = [...MEMBERS, ...VISITORS];

const level = fc.record({
  name: fc.constantFrom('Internal', 'Client', 'Legal', 'Boss'),
  userIds: fc.subarray(['u_owner', 'u_editor', 'u_viewer']),
  emails: fc.subarray(['carla@client.example', 'vic@client.example', 'ed@agency.example']),
});
const chainArb: fc.Arbitrary<ApprovalChain> = fc.record({
  mode: fc.constantFrom(...APPROVAL_MODES),
  levels: fc.array(level, { minLength: 1, maxLength: 4 }).map((levels) => levels.filter((l) => l.userIds.length + l.emails.length > 0)),
});
const person = fc.integer({ min: 0, max: PEOPLE.length - 1 }).map((i) => PEOPLE[i]!);
/** An action, or the post's outcome (outside the chain: the publish job settles a scheduled ad). */
type Act = ChainAction | { type: 'settle'; outcome: 'published' | 'failed' } | { type: 'cancel' };
const actArb: fc.Arbitrary<Act> = fc.oneof(
  fc.constant<Act>({ type: 'submit' }),
  fc.record({ type: fc.constantFrom('approve' as const, 'request_changes' as const), by: person, current: fc.boolean() }),
  fc.record({ type: fc.constantFrom('approve' as const), by: person, current: fc.constant(true) }),
  fc.constantFrom<Act>({ type: 'publish' }, { type: 'schedule' }, { type: 'edit' }, { type: 'cancel' }),
  fc.record({ type: fc.constant('settle' as const), outcome: fc.constantFrom('published' as const, 'failed' as const) }),
);

describe('approval chains (a property over random actions by random people over random chains)', () => {
  it('an ad is scheduled only after every level approved it in order; a change request always sends it back to the author', () => {
    fc.assert(
      fc.property(chainArb, fc.array(actArb, { maxLength: 40 }), (chain, acts) => {
        const levels = chain.mode === 'levels' && chain.levels.length > 0;
        let state: ChainState = { status: 'draft', level: 0 };
        // The levels approved since the chain last started (a submit or a change request starts it again), in order.
        let approved: number[] = [];
        let everApproved = false;
        // The status the ad was last scheduled from (the worker keeps it: ads.scheduled_from).
        let scheduledFrom: AdStatus | null = null;
        for (const act of acts) {
          if (act.type === 'settle') {
            if (state.status === 'scheduled') state = { status: act.outcome, level: 0 };
            continue;
          }
          if (act.type === 'cancel') {
            // A canceled post (the worker passes the status the ad was scheduled from): never approved unless it was, where approval counts.
            if (state.status !== 'scheduled') continue;
            const step = nextStep(chain, state, { type: 'unschedule', from: scheduledFrom });
            expect(step.kind).toBe('move');
            if (step.kind !== 'move') continue;
            if (chain.mode === 'none') expect(step.to.status).toBe('draft');
            if (chain.mode === 'required' || levels) expect(step.to.status === 'approved').toBe(everApproved);
            state = step.to;
            continue;
          }
          if (act.type === 'edit') {
            // A change of content (service.updateAd): without approval a draft; else an approved, scheduled or failed ad is in review again, at the first level.
            const step = nextStep(chain, state, act);
            if (step.kind === 'move') {
              expect(step.to.status).toBe(chain.mode === 'none' ? 'draft' : 'in_review');
              expect(step.to.level).toBe(0);
              expect(step.notify).toBe(levels && chain.mode !== 'none' ? 0 : null);
              state = step.to;
            }
            // Without approval no edit leaves an ad in a review nobody can move.
            if (chain.mode === 'none') expect(['in_review', 'changes_requested', 'approved']).not.toContain(state.status);
            if (state.status !== 'published') {
              approved = [];
              everApproved = false;
            }
            continue;
          }
          const before = state;
          const step = nextStep(chain, state, act);
          if (step.kind === 'refuse') {
            expect(step.message.length).toBeGreaterThan(0);
            continue;
          }
          if (step.kind !== 'move') {
            // Nothing moves: a kept review or a comment.
            expect(act.type === 'approve' || act.type === 'request_changes' || act.type === 'submit').toBe(true);
            continue;
          }
          state = step.to;
          if (act.type === 'submit') {
            expect(step.to).toEqual({ status: 'in_review', level: 0 });
            approved = [];
          } else if (act.type === 'request_changes') {
            // Back to the author, the chain from its start.
            expect(step.to).toEqual({ status: 'changes_requested', level: 0 });
            if (levels) expect(chain.levels.some((l) => isApproverOf(l, act.by))).toBe(true);
            approved = [];
            everApproved = false;
          } else if (act.type === 'approve') {
            expect(act.current).toBe(true);
            if (levels) {
              // Only an approver of the level it waits at moves it, one level on.
              expect(before.status).toBe('in_review');
              expect(isApproverOf(chain.levels[before.level]!, act.by)).toBe(true);
              expect(before.level).toBe(approved.length);
              approved.push(before.level);
              expect(step.levelName).toBe(chain.levels[before.level]!.name);
              if (approved.length === chain.levels.length) expect(step.to).toEqual({ status: 'approved', level: 0 });
              else expect(step.to).toEqual({ status: 'in_review', level: approved.length });
            } else {
              expect(act.by.role).not.toBe('viewer');
              expect(step.to.status).toBe('approved');
            }
            if (step.to.status === 'approved') everApproved = true;
          } else {
            // publish or schedule
            expect(step.to.status).toBe('scheduled');
            scheduledFrom = before.status;
            expect(['scheduled', 'published']).not.toContain(before.status);
            if (levels) {
              expect(approved).toEqual(chain.levels.map((_, i) => i));
              expect(['approved', 'failed']).toContain(before.status);
            }
            if (chain.mode === 'required' || levels) expect(everApproved).toBe(true);
          }
        }
      }),
    );
  });

  it('without approval every unpublished ad can be published at once; with levels an ad in review cannot, and says at which level it waits', () => {
    const levels: ApprovalChain = {
      mode: 'levels',
      levels: [
        { name: 'Internal', userIds: ['u_editor'], emails: [] },
        { name: 'Client', userIds: [], emails: ['carla@client.example'] },
      ],
    };
    const none: ApprovalChain = { mode: 'none', levels: [] };
    for (const status of ['draft', 'in_review', 'changes_requested', 'approved', 'failed'] as const) {
      expect(nextStep(none, { status, level: 0 }, { type: 'publish' }).kind).toBe('move');
      expect(nextStep({ mode: 'optional', levels: [] }, { status, level: 0 }, { type: 'schedule' }).kind).toBe('move');
    }
    expect(nextStep(none, { status: 'draft', level: 0 }, { type: 'submit' })).toMatchObject({ kind: 'refuse', code: 'conflict' });
    expect(nextStep(levels, { status: 'in_review', level: 1 }, { type: 'schedule' })).toEqual({
      kind: 'refuse',
      code: 'conflict',
      message: 'This ad waits for approval at the level “Client” (2 of 2): it can be published or scheduled once every level approved it.',
    });
    // The internal approver cannot approve for the client; the client's address can, typed in any case.
    const editor = { type: 'approve' as const, by: MEMBERS[1]!, current: true };
    expect(nextStep(levels, { status: 'in_review', level: 1 }, editor)).toMatchObject({ kind: 'refuse', code: 'forbidden' });
    expect(nextStep(levels, { status: 'in_review', level: 1 }, { ...editor, by: VISITORS[1]! })).toEqual({
      kind: 'move',
      to: { status: 'approved', level: 0 },
      levelName: 'Client',
      notify: null,
    });
    // A stranger's approval is a comment; the internal approver may still send it back from the client's level.
    expect(nextStep(levels, { status: 'in_review', level: 1 }, { ...editor, by: VISITORS[2]! })).toEqual({ kind: 'comment' });
    expect(nextStep(levels, { status: 'in_review', level: 1 }, { ...editor, type: 'request_changes' })).toMatchObject({
      kind: 'move',
      to: { status: 'changes_requested', level: 0 },
      levelName: 'Internal',
    });
    // A viewer named on a level approves there (the chain, not the role, decides).
    const viewerLevel: ApprovalChain = { mode: 'levels', levels: [{ name: 'Client', userIds: ['u_viewer'], emails: [] }] };
    expect(nextStep(viewerLevel, { status: 'in_review', level: 0 }, { ...editor, by: MEMBERS[2]! }).kind).toBe('move');
    expect(nextStep({ mode: 'required', levels: [] }, { status: 'in_review', level: 0 }, { ...editor, by: MEMBERS[2]! })).toMatchObject({
      kind: 'refuse',
      code: 'forbidden',
    });
  });
});
