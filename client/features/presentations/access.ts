import { PLANS } from '#common/plans.ts';
import type { PublicUser } from '#common/schemas/auth.ts';

/** Who may make presentations (PRODUCT.md §6 and §1): admins, and users on a plan that includes them (Agency). */
export function canMakePresentations(user: Pick<PublicUser, 'role' | 'plan'> | null): boolean {
  if (!user) return false;
  return user.role === 'admin' || PLANS[user.plan.id].presentations;
}
