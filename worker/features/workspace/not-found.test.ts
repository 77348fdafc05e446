import { describe, expect, it } from 'vitest';
import { createProject, createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const shell = (html: string) => html.includes('<div id="root">') && html.includes('id="boot"');

/** Issue 27: a signed-in user who follows a dead workspace link stays in the workspace (its shell shows the not-found), with a real 404. */
describe('not found, signed in', () => {
  it('an unknown path answers 404 with the workspace shell, whose router shows the not-found', async () => {
    const user = await createUser();
    const response = await send('/projets', { cookie: user.cookie });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(shell(html)).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex');
  });

  it('a workspace id that does not exist, or is someone else’s, answers 404 with the workspace shell', async () => {
    const user = await createUser();
    const stranger = await createUser();
    const theirs = await createProject(stranger);
    for (const path of ['/projects/prj_doesnotexist00000', `/projects/${theirs.id}`, '/funnels/fnl_doesnotexist00000']) {
      const response = await send(path, { cookie: user.cookie });
      expect(response.status, path).toBe(404);
      expect(shell(await response.text()), path).toBe(true);
    }
  });

  it('signed out, an unknown path keeps the public 404 page (no workspace to show)', async () => {
    const response = await send('/projets');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page not found');
    expect(shell(html)).toBe(false);
  });

  it('the API and the public pages keep their own 404 for a signed-in user', async () => {
    const user = await createUser();
    const api = await send('/api/no-such-thing', { cookie: user.cookie });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const presentation = await send('/presents/no-such-presentation', { cookie: user.cookie });
    expect(presentation.status).toBe(404);
    expect(shell(await presentation.text())).toBe(false);
  });
});
