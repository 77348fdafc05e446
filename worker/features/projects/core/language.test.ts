import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { getDb } from '#worker/db/client.ts';
import { projects } from '#worker/db/schema.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** The project's language (issue 28 §2): the customer's, which its ad previews speak; the owner's to set. */
describe('a project’s language', () => {
  const stored = async (id: string) => (await getDb(env.DB).select({ locale: projects.locale }).from(projects).where(eq(projects.id, id)))[0]?.locale;

  it('starts in English and is set by the owner: stored and returned', async () => {
    const owner = await createUser();
    const project = (await createProject(owner)) as ProjectDetail;
    expect(project.locale).toBe('en');
    const changed = await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { locale: 'de' }, cookie: owner.cookie });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as ProjectDetail).locale).toBe('de');
    expect(await stored(project.id)).toBe('de');
    const read = (await (await send(`/api/projects/${project.id}`, { cookie: owner.cookie })).json()) as ProjectDetail;
    expect(read.locale).toBe('de');
  });

  it('refuses editors and viewers (403) and a language Adloom does not speak (422)', async () => {
    const owner = await createUser();
    const editor = await createUser();
    const viewer = await createUser();
    const project = await createProject(owner, { editor, viewer });
    for (const member of [editor, viewer]) {
      const refused = await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { locale: 'de' }, cookie: member.cookie });
      expect(refused.status).toBe(403);
    }
    const french = await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { locale: 'fr' }, cookie: owner.cookie });
    expect([french.status, ((await french.json()) as { error: { details: Record<string, string[]> } }).error.details]).toEqual([
      422,
      { locale: ['Pick English or German.'] },
    ]);
    expect(await stored(project.id)).toBe('en');
  });
});
