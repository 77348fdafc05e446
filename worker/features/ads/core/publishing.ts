import type { AdStatus } from '#common/ads.ts';
import { nextStep } from '#common/approval-chain.ts';
import type { AdPost } from '#common/schemas/ads.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { AppError } from '#worker/lib/errors.ts';
import { cancelScheduled, postsFor, publishDue, reschedulePost, schedulePost } from '#worker/features/instagram/publish/service.ts';
import { chainOf } from '#worker/features/ads/core/chain.ts';
import { invalid } from '#worker/features/ads/core/checks.ts';
import * as repo from '#worker/features/ads/core/repo.ts';
import { eventStatement } from '#worker/features/webhooks/service.ts';

/**
 * Publishing an ad: its status follows its Instagram post (scheduled → published or failed),
 * and the every-minute job's repair pass settles the ones left behind. The post itself is
 * instagram/publish/service.ts's. Reached through the ads service (service.ts).
 */

/** The publish job's callback: a scheduled ad becomes published or failed (only while it is scheduled). */
export async function recordPostOutcome(db: Db, adId: string, status: 'published' | 'failed'): Promise<void> {
  // Read first: the move and its event are one batch (decision 0042), the event written only when the move changed the ad.
  const ad = await repo.findLiveAd(db, adId);
  const event = ad
    ? eventStatement(
        db,
        ad.projectId,
        status === 'published' ? 'post.published' : 'post.failed',
        { adId, name: ad.name },
        `/projects/${ad.projectId}/marketing`,
        'changed',
      )
    : undefined;
  const [, outbox] = await rawBatch(db, [repo.setStatusIf(db, adId, ['scheduled'], status, new Date()), ...(event ? [event.statement] : [])]);
  await event?.queue(outbox);
}

/** What a post of the ad publishes: its live pictures in order and its caption; 422 when a picture is gone. */
async function postContentOf(db: Db, row: repo.AdRow): Promise<{ creationIds: string[]; caption: string }> {
  const items = await repo.itemsOf(db, [row.id]);
  if (items.length === 0 || items.some((item) => item.deletedAt !== null)) {
    throw invalid('creationIds', 'A picture of this ad was deleted. Pick the pictures again, then have the ad approved.');
  }
  return { creationIds: items.map((item) => item.creationId), caption: row.primaryText };
}

/**
 * → scheduled, as the chain allows it (one conditional write at the status, level, revision and
 * chain version read); false when the ad or the chain changed meanwhile.
 */
async function markScheduled(db: Db, row: repo.AdRow, version: number): Promise<boolean> {
  const [result] = await rawBatch(db, [repo.moveIf(db, row, { status: 'scheduled', level: 0 }, { version, revision: row.revision }, new Date())]);
  return (result?.meta.changes ?? 0) > 0;
}

/** How long an ad may show "scheduled" without a matching post before the repair pass looks at it. */
const STRANDED_AFTER_MS = 10 * 60_000;

/**
 * The every-minute job's repair pass: an ad still "scheduled" whose post has settled (a run
 * that died between the post's last write and the ad's), or that has no live post at all
 * (a request that died between marking the ad and making its post), gets the post's outcome
 * or goes back where its chain puts it (unscheduledStatus). Returns how many ads it moved.
 */
export async function settleStrandedAds(db: Db, now: Date, limit = 100): Promise<number> {
  const stranded = await repo.scheduledAdsBefore(db, new Date(now.getTime() - STRANDED_AFTER_MS), limit);
  if (stranded.length === 0) return 0;
  const posts = await postsFor(
    db,
    stranded.map((ad) => ad.id),
  );
  let moved = 0;
  for (const ad of stranded) {
    const { id } = ad;
    const post = posts.get(id);
    if (post?.status === 'scheduled' || post?.status === 'publishing') continue;
    // Without a post the ad goes back as a canceled one would: where its chain puts it.
    const to = post?.status === 'published' ? 'published' : post?.status === 'failed' ? 'failed' : await unscheduledStatus(db, ad);
    const [result] = await rawBatch(db, [repo.setStatusIf(db, id, ['scheduled'], to, now)]);
    moved += result?.meta.changes ?? 0;
  }
  return moved;
}

/** A scheduled ad whose post was canceled (or could not be made) is approved again, or back to where it was. */
async function markUnscheduled(db: Db, adId: string, to: AdStatus): Promise<void> {
  await repo.setStatusIf(db, adId, ['scheduled'], to, new Date());
}

/**
 * Publishes an ad to the project's Instagram account, as its project's approval chain allows
 * (an approved or failed ad; any unpublished one without required approval): now (no `at`) or
 * at a time. Returns the post and, to publish now, the run to start once the answer is out.
 */
export async function publishAd(
  db: Db,
  env: Parameters<typeof publishDue>[1],
  ad: repo.AdRow,
  input: { at?: string | undefined; userId: string; origin: string },
): Promise<{ post: AdPost; run?: () => Promise<unknown> }> {
  const { at, origin } = input;
  const chain = await chainOf(db, ad.projectId);
  const step = nextStep(chain.rules, { status: ad.status, level: ad.approvalLevel }, { type: at ? 'schedule' : 'publish' });
  if (step.kind === 'refuse') throw new AppError(step.code, step.message);
  const { creationIds, caption } = await postContentOf(db, ad);
  const now = new Date();
  // The ad is marked scheduled first (conditionally, as it was read): the job can then
  // never settle a post whose ad does not show it yet.
  if (!(await markScheduled(db, ad, chain.version))) throw new AppError('conflict', 'This ad changed at the same moment. Reload and try again.');
  let post: AdPost;
  try {
    post = await schedulePost(
      db,
      env,
      { projectId: ad.projectId, adId: ad.id, kind: ad.kind, creationIds, caption, ...(at ? { at: new Date(at) } : {}), createdBy: input.userId, origin },
      now,
    );
  } catch (error) {
    await markUnscheduled(db, ad.id, ad.status);
    throw error;
  }
  if (at) return { post };
  const postId = post.id;
  const run = () =>
    publishDue(db, env, now, {
      owner: crypto.randomUUID(),
      postId,
      origin,
      onSettled: (adId, outcome) => recordPostOutcome(db, adId, outcome),
    }).catch((error: unknown) => {
      console.error(
        JSON.stringify({ level: 'error', message: 'publish_now_failed', adId: ad.id, error: error instanceof Error ? error.message : String(error) }),
      );
    });
  return { post, run };
}

/** The status an ad whose post was canceled goes back to, as its project's chain says (a draft without approval, approved with it, …). */
export async function unscheduledStatus(db: Db, ad: Pick<repo.AdRow, 'projectId' | 'status' | 'approvalLevel' | 'scheduledFrom'>): Promise<AdStatus> {
  const chain = await chainOf(db, ad.projectId);
  const step = nextStep(chain.rules, { status: 'scheduled', level: ad.approvalLevel }, { type: 'unschedule', from: ad.scheduledFrom });
  return step.kind === 'move' ? step.to.status : 'approved';
}

/** Cancels a scheduled post the job has not started on: the ad goes back where its chain puts it (unscheduledStatus). */
export async function cancelPublish(db: Db, ad: repo.AdRow): Promise<void> {
  const to = await unscheduledStatus(db, ad);
  if (!(await cancelScheduled(db, ad.id))) throw new AppError('conflict', 'Nothing is scheduled for this ad, or it is being published right now.');
  await markUnscheduled(db, ad.id, to);
}

/**
 * Moves a scheduled ad's post to another time (the content calendar). The ad's status stays
 * scheduled and its chain was obeyed when it was scheduled; the post's one conditional write
 * decides against the job (instagram/publish reschedulePost): 409 when a run already has it.
 */
export async function reschedulePublish(db: Db, ad: repo.AdRow, input: { at: string; from?: string | undefined }): Promise<AdPost> {
  if (ad.status !== 'scheduled') throw new AppError('conflict', 'This ad is not scheduled. Schedule it from its page first.');
  return reschedulePost(db, ad.id, new Date(input.at), input.from ? new Date(input.from) : undefined);
}
