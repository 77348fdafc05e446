import type { AdStatus } from '#common/ads.ts';
import type { AdCreateInput, AdDetail, AdPost, AdReview, AdSummary, AdUpdateInput, MemberReviewInput } from '#common/schemas/ads.ts';
import type { CreationItem, CreativeSummary } from '#common/schemas/creatives.ts';
import type { AdPin, AdPinReply, AdPins, PinCreateInput } from '#common/schemas/ad-pins.ts';
import type { ReviewBoardCreated, ReviewBoardDetail } from '#common/schemas/review-board.ts';
import { api, call } from '#client/lib/api.ts';
import type { Page } from '#client/lib/use-paged.ts';

/** The response types are the shared ones (common/schemas/ads.ts); the client's inferred JSON types are the same shapes. */
const as = <T>(request: Promise<unknown>) => request as Promise<T>;

/** The ads endpoints (PRODUCT.md §7 style), typed with the shared response types. */
export const adsApi = {
  list: (projectId: string, status: AdStatus | '', cursor?: string) =>
    as<Page<AdSummary>>(
      call(
        api.api.projects[':projectId'].ads.$get({
          param: { projectId },
          query: { ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
        }),
      ),
    ),
  create: (projectId: string, json: AdCreateInput) => as<AdDetail>(call(api.api.projects[':projectId'].ads.$post({ param: { projectId }, json }))),
  get: (id: string) => as<AdDetail>(call(api.api.ads[':id'].$get({ param: { id } }))),
  update: (id: string, json: AdUpdateInput) => as<AdDetail>(call(api.api.ads[':id'].$patch({ param: { id }, json }))),
  remove: (id: string) => as<undefined>(call(api.api.ads[':id'].$delete({ param: { id } }))),
  submit: (id: string) => as<AdDetail>(call(api.api.ads[':id'].submit.$post({ param: { id } }))),
  share: (id: string) => as<{ previewUrl: string }>(call(api.api.ads[':id']['preview-link'].$post({ param: { id } }))),
  revoke: (id: string) => as<undefined>(call(api.api.ads[':id']['preview-link'].$delete({ param: { id } }))),
  reviews: (id: string) => as<{ items: AdReview[] }>(call(api.api.ads[':id'].reviews.$get({ param: { id } }))),
  review: (id: string, json: MemberReviewInput) => as<AdReview>(call(api.api.ads[':id'].reviews.$post({ param: { id }, json }))),
  publish: (id: string, at?: string) => as<AdPost>(call(api.api.ads[':id'].publish.$post({ param: { id }, json: at ? { at } : {} }))),
  cancelPublish: (id: string) => as<undefined>(call(api.api.ads[':id'].publish.$delete({ param: { id } }))),
  pins: (id: string) => as<AdPins>(call(api.api.ads[':id'].pins.$get({ param: { id } }))),
  pin: (id: string, json: PinCreateInput) => as<AdPin>(call(api.api.ads[':id'].pins.$post({ param: { id }, json }))),
  replyToPin: (id: string, pinId: string, body: string) =>
    as<AdPinReply>(call(api.api.ads[':id'].pins[':pinId'].replies.$post({ param: { id, pinId }, json: { body } }))),
  resolvePin: (id: string, pinId: string, resolved: boolean) =>
    as<undefined>(
      call(
        resolved
          ? api.api.ads[':id'].pins[':pinId'].resolve.$post({ param: { id, pinId } })
          : api.api.ads[':id'].pins[':pinId'].resolve.$delete({ param: { id, pinId } }),
      ),
    ),
  /** The project's review board (decision 0053): whether there is one; a new one's link comes this once. */
  board: (projectId: string) => as<{ board: ReviewBoardDetail | null }>(call(api.api.projects[':projectId']['review-board'].$get({ param: { projectId } }))),
  createBoard: (projectId: string) => as<ReviewBoardCreated>(call(api.api.projects[':projectId']['review-board'].$post({ param: { projectId } }))),
  revokeBoard: (projectId: string) => as<undefined>(call(api.api.projects[':projectId']['review-board'].$delete({ param: { projectId } }))),
  creatives: (projectId: string) => as<Page<CreativeSummary>>(call(api.api.creatives.$get({ query: { projectId, limit: '100' } }))),
  creations: (projectId: string, cursor?: string) =>
    as<Page<CreationItem>>(call(api.api.creations.$get({ query: { projectId, ...(cursor ? { cursor } : {}) } }))),
};
