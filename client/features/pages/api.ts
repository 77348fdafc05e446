import type { FunnelDetail, PageDetail, PageUpdateInput, PageVersion } from '#common/schemas/funnels.ts';
import { api, call } from '#client/lib/api.ts';

/** The response types are the shared ones (common/schemas/funnels.ts); the client's inferred JSON types are the same shapes. */
const as = <T>(request: Promise<unknown>) => request as Promise<T>;

/** The page editor's and component sheet's endpoints, typed with the shared response types. */
export const pagesApi = {
  get: (id: string) => as<PageDetail>(call(api.api.pages[':id'].$get({ param: { id } }))),
  update: (id: string, json: PageUpdateInput) => as<PageDetail>(call(api.api.pages[':id'].$patch({ param: { id }, json }))),
  publish: (id: string, baseRevision: number, acceptWarnings?: readonly string[]) =>
    as<PageDetail>(
      call(api.api.pages[':id'].publish.$post({ param: { id }, json: { baseRevision, ...(acceptWarnings ? { acceptWarnings: [...acceptWarnings] } : {}) } })),
    ),
  versions: (id: string) => as<PageVersion[] | { items: PageVersion[] }>(call(api.api.pages[':id'].versions.$get({ param: { id } }))),
  /** `acceptWarnings`: the warnings of the checks before publishing that the person accepted (none: any warning refuses). */
  restore: (id: string, versionId: string, acceptWarnings?: readonly string[]) =>
    as<PageDetail>(
      call(
        api.api.pages[':id'].versions[':versionId'].restore.$post({
          param: { id, versionId },
          json: acceptWarnings ? { acceptWarnings: [...acceptWarnings] } : {},
        }),
      ),
    ),
  funnelByName: (name: string) => as<FunnelDetail>(call(api.api.funnels['by-name'][':name'].$get({ param: { name } }))),
};
