import { currentLevel } from '#common/approval-chain.ts';
import type { Placement } from '#common/ads.ts';
import type { Db } from '#worker/db/client.ts';
import { projectImage } from '#worker/features/media/service.ts';
import { chainOf, type LoadedChain } from '#worker/features/ads/core/chain.ts';
import * as repo from '#worker/features/ads/core/repo.ts';

/**
 * The ads of a project that wait for its customer, as the review board (../board/) lists them,
 * and the files its mock-ups show. Reached through the ads service (service.ts).
 */

/** Ads one board lists (newest first): a customer's week of work, and a bound on the page's reads. */
export const BOARD_ADS = 30;

/**
 * Whether the ad waits for the customer: in review, under a mode that asks for approval, and in the
 * `levels` mode at a level that names approvers by address (people outside the project: the
 * customer). A level of members only waits for the team, not for the board.
 */
export function waitsForCustomer(chain: LoadedChain, ad: Pick<repo.AdRow, 'status' | 'approvalLevel'>): boolean {
  if (ad.status !== 'in_review' || chain.rules.mode === 'none') return false;
  if (chain.rules.mode !== 'levels' || chain.rules.levels.length === 0) return true;
  const level = chain.rules.levels[currentLevel(chain.rules, { status: ad.status, level: ad.approvalLevel })];
  return (level?.emails.length ?? 0) > 0;
}

type Item = Awaited<ReturnType<typeof repo.itemsOf>>[number];

export interface WaitingAd {
  ad: repo.AdRow & { placements: Placement[] };
  /** Its live pictures, in order. */
  items: Pick<Item, 'position' | 'width' | 'height'>[];
  hasAvatar: boolean;
}

/** The project's ads waiting for the customer, newest first (at most BOARD_ADS), with the chain they were read under. */
export async function adsWaitingForCustomer(db: Db, projectId: string): Promise<{ chain: LoadedChain; ads: WaitingAd[] }> {
  // Twice the bound: ads in review at a level of the team are read and dropped.
  const [chain, rows] = await Promise.all([chainOf(db, projectId), repo.listAds(db, { projectId, status: 'in_review' }, BOARD_ADS * 2, undefined)]);
  const waiting = rows.filter((row) => waitsForCustomer(chain, row)).slice(0, BOARD_ADS);
  const items = await repo.itemsOf(
    db,
    waiting.map((row) => row.id),
  );
  // One look-up per avatar (the brand kit's logo is usually every ad's).
  const avatarIds = [...new Set(waiting.flatMap((row) => (row.avatarMediaId ? [row.avatarMediaId] : [])))];
  const avatars = new Set((await Promise.all(avatarIds.map(async (id) => ((await projectImage(db, projectId, id)) ? id : null)))).filter((id) => id !== null));
  return {
    chain,
    ads: waiting.map((row) => ({
      ad: { ...row, placements: row.placements as Placement[] },
      items: items.filter((item) => item.adId === row.id && item.deletedAt === null).map(({ position, width, height }) => ({ position, width, height })),
      hasAvatar: row.avatarMediaId !== null && avatars.has(row.avatarMediaId),
    })),
  };
}

/** A picture (`n`: its position among the live ones) or the avatar of a live ad of the project, as an R2 key with its type; undefined when there is none. */
export async function adFileOf(
  db: Db,
  projectId: string,
  adId: string,
  file: { picture: number } | 'avatar',
): Promise<{ r2Key: string; contentType: string } | undefined> {
  const ad = await repo.findLiveAd(db, adId);
  if (!ad || ad.projectId !== projectId) return undefined;
  if (file === 'avatar') {
    const avatar = ad.avatarMediaId ? await projectImage(db, projectId, ad.avatarMediaId) : undefined;
    return avatar ? { r2Key: avatar.thumbnailKey ?? avatar.r2Key, contentType: avatar.mime } : undefined;
  }
  const item = (await repo.itemsOf(db, [ad.id])).filter((row) => row.deletedAt === null)[file.picture];
  return item ? { r2Key: item.r2Key, contentType: 'image/png' } : undefined;
}
