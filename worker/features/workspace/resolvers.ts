import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/**
 * Whether the id in a workspace URL exists and is visible to the signed-in user.
 * Each feature supplies its own check as it lands; until then no such id can exist,
 * so the page is a 404 (issue #2: ids of features not built yet 404).
 */
export type Resolver = (c: Context<AppEnv>, value: string) => Promise<boolean>;

const nothingYet: Resolver = async () => false;

export const RESOLVERS: Record<string, Resolver> = {
  projectId: nothingYet,
  objectId: nothingYet,
  id: nothingYet,
  funnelName: nothingYet,
  funnelPageId: nothingYet,
};
