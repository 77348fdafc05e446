import type { TemplateBrand } from '#common/templates/pages/build.ts';
import type { projects } from '#worker/db/schema.ts';
import type { Db } from '#worker/db/client.ts';
import { accountOfProject } from '#worker/features/instagram/connection/service.ts';
import { liveMediaIn } from '#worker/features/media/service.ts';

type Project = Pick<typeof projects.$inferSelect, 'id' | 'name' | 'brandKit'>;

/**
 * What a page template takes from its project (common/templates/pages/build.ts): the name, the
 * brand kit's logo while it is a live image of the project (a logo deleted since would leave an
 * empty picture), and the handle of its connected Instagram account.
 */
export async function templateBrand(db: Db, project: Project, now: Date): Promise<TemplateBrand> {
  const logoId = project.brandKit.logoMediaId;
  const [logo, account] = await Promise.all([logoId ? liveMediaIn(db, project.id, [logoId]) : Promise.resolve([]), accountOfProject(db, project.id)]);
  return {
    projectName: project.name,
    logoMediaId: logo.some((m) => m.kind === 'image') ? logoId : null,
    instagram: account?.username ?? null,
    now,
  };
}
