import { slugify } from '#common/schemas/funnels.ts';
import { ApiError } from '#client/lib/http.ts';
import { presentationsApi } from '#client/features/presentations/api.ts';
import type { Presentation } from '#client/features/presentations/model.ts';
import { SLUG_MAX, SLUG_MIN } from '#client/features/presentations/rules.ts';

/** The address tried first for a project's presentation, then with -2, -3… when taken. */
export function slugsFor(name: string): string[] {
  let base = slugify(name, SLUG_MAX - 3);
  if (base.length < SLUG_MIN) base = `${base ? `${base}-` : ''}pitch`;
  return [base, ...[2, 3, 4, 5].map((n) => `${base}-${n}`)];
}

const taken = (error: unknown) => error instanceof ApiError && error.status === 409 && Boolean(error.details?.slug);

/**
 * A draft presentation for the project's customer, prefilled by the server from the project
 * (the next address when one is taken); `takenMessage`: what the user is told when all are.
 */
export async function createFromProject(project: { id: string; name: string }, takenMessage: string): Promise<Presentation> {
  for (const slug of slugsFor(project.name)) {
    try {
      return await presentationsApi.create({ slug, customerName: project.name.slice(0, 80), fromProjectId: project.id });
    } catch (error) {
      if (!taken(error)) throw error;
    }
  }
  throw new ApiError('conflict', takenMessage, 409);
}
