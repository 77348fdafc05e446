import { describe, expect, it } from 'vitest';
import { projectCreateInput } from '#common/schemas/projects.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

type Project = { id: string; website: string | null };

/** The project website field takes what people type: a bare domain is stored with https://. */
describe('the project website', () => {
  it('accepts a bare domain and stores it with https://, at creation and on edit', async () => {
    const user = await createUser();
    const created = await send('/api/projects', { json: { name: 'Acme Surf', website: 'acmesurf.example' }, cookie: user.cookie });
    expect(created.status).toBe(201);
    expect(((await created.json()) as Project).website).toBe('https://acmesurf.example');

    const project = await createProject(user, {}, 'Other');
    for (const [typed, stored] of [
      ['  www.acmesurf.example/shop?x=1 ', 'https://www.acmesurf.example/shop?x=1'],
      ['http://acmesurf.example', 'http://acmesurf.example'],
      ['HTTPS://Acmesurf.example/', 'HTTPS://Acmesurf.example/'],
      ['//acmesurf.example', 'https://acmesurf.example'],
      ['acmesurf.example:8443/book', 'https://acmesurf.example:8443/book'],
      ['', null],
    ] as const) {
      const response = await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { website: typed }, cookie: user.cookie });
      expect(response.status, typed).toBe(200);
      expect(((await response.json()) as Project).website, typed).toBe(stored);
    }
  });

  it('still refuses what is not a web address', async () => {
    const user = await createUser();
    for (const website of [
      'javascript:alert(1)',
      'ftp://acmesurf.example',
      'acmesurf',
      'not a domain.example',
      'mailto:someone@acmesurf.example',
      `${'a'.repeat(300)}.example`,
    ]) {
      const response = await send('/api/projects', { json: { name: 'Nope', website }, cookie: user.cookie });
      expect(response.status, website).toBe(422);
    }
  });

  it('is the same rule in the client’s form (one schema)', () => {
    const parsed = projectCreateInput.safeParse({ name: 'Acme', website: 'acmesurf.example' });
    expect(parsed.success && parsed.data.website).toBe('https://acmesurf.example');
  });
});
