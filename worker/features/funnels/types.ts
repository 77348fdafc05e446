import type { ProjectRole } from '#common/schemas/projects.ts';
import type { funnelPages, funnels, projects } from '#worker/db/schema.ts';
import type { FunnelPageWithFunnel } from '#worker/middleware/access.ts';

/** The rows and actors the funnels' sub-features (core, pages, leads, analytics, edge) pass each other. */
export type FunnelRow = typeof funnels.$inferSelect;
export type PageRow = typeof funnelPages.$inferSelect;
export type Membership = { project: typeof projects.$inferSelect; role: ProjectRole };
export type Actor = { id: string; name: string };
/** A page with its funnel: what the `{ page: role }` rule puts on the request. */
export type PageWithFunnel = FunnelPageWithFunnel;
