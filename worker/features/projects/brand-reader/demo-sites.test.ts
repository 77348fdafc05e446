import { describe, expect, it, vi } from 'vitest';
import type { BrandProposal } from '#common/schemas/brand-reader.ts';
import { DEMO_SITE_HOSTS } from '#worker/features/projects/brand-reader/demo-sites.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

describe('the demo customer websites', () => {
  it('are read without the network, as a real site would be, and their logo lands in the library', async () => {
    const network = vi.spyOn(globalThis, 'fetch');
    const owner = await createUser();
    const project = await createProject(owner);
    expect(DEMO_SITE_HOSTS).toEqual(['northwind-coffee.example']);
    // Typed as people type it: a bare domain.
    const response = await send(`/api/projects/${project.id}/brand-kit/read`, { json: { url: 'northwind-coffee.example' }, cookie: owner.cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    const proposal = (await response.json()) as BrandProposal;
    expect(proposal).toMatchObject({
      url: 'https://northwind-coffee.example/',
      name: 'Northwind Coffee Roasters',
      logo: { source: 'apple-touch-icon' },
      fonts: { heading: { family: 'Playfair Display', fontId: 'playfair-display' }, body: { family: 'Lato', fontId: 'lato' } },
      warnings: [],
    });
    expect(proposal.tone).toContain('Small-batch coffee');
    expect(proposal.colors.map((c) => c.hex)).toEqual(expect.arrayContaining(['#3b2416', '#c8553d', '#2f5d50']));
    const library = (await (await send(`/api/projects/${project.id}/media`, { cookie: owner.cookie })).json()) as { items: { id: string; mime: string }[] };
    expect(library.items).toMatchObject([{ id: proposal.logo!.mediaId, mime: 'image/png' }]);
    // Nothing left the worker: the demo host never reached the runtime's fetch.
    expect(network.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).includes('northwind-coffee.example'))).toEqual([]);
  });

  it('answer 404 for a path they do not have, and other .example hosts still go to the network', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const missing = await send(`/api/projects/${project.id}/brand-kit/read`, {
      json: { url: 'https://northwind-coffee.example/nope' },
      cookie: owner.cookie,
    });
    expect(missing.status).toBe(502);
    const network = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        new URL(String(input)).pathname === '/'
          ? new Response('<title>Elsewhere</title>', { headers: { 'content-type': 'text/html' } })
          : new Response('Not found', { status: 404 }),
      );
    const elsewhere = await send(`/api/projects/${project.id}/brand-kit/read`, { json: { url: 'https://elsewhere.example/' }, cookie: owner.cookie });
    expect(elsewhere.status).toBe(200);
    expect(network.mock.calls.map(([input]) => String(input))).toContain('https://elsewhere.example/');
  });
});
