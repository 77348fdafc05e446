import { createMemoryRouter, matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROUTES } from '#common/workspace-routes.ts';
import { ROUTE_MODULES, routes, whenInitialized } from '#client/app/router.tsx';

describe('workspace router', () => {
  it('opens the media detail as a child of the project page', () => {
    const matches = matchRoutes(routes(), '/projects/p1/media/m1');
    expect(matches?.map((m) => m.route.path)).toEqual([undefined, '/projects/:projectId', 'media/:objectId']);
  });

  it('matches the project page with and without the trailing slash', () => {
    expect(matchRoutes(routes(), '/projects/p1/')?.at(-1)?.route.path).toBe('/projects/:projectId');
    expect(matchRoutes(routes(), '/projects/p1')?.at(-1)?.route.path).toBe('/projects/:projectId');
  });

  it('is initialized, with the first screen’s module loaded, before the app renders', async () => {
    const router = createMemoryRouter(routes(), { initialEntries: ['/account/credits'] });
    expect(router.state.initialized).toBe(false);
    await whenInitialized(router);
    expect(router.state.initialized).toBe(true);
    // The lazy module has been turned into the route's element.
    expect(router.state.matches.at(-1)?.route.element).toBeTruthy();
    expect(router.state.errors).toBeNull();
    router.dispose();
  });
});

describe('workspace routes', () => {
  it('have a lazy module for every page the worker serves', async () => {
    for (const route of WORKSPACE_ROUTES) {
      const module = await ROUTE_MODULES[route.path]();
      expect(typeof module.default, route.path).toBe('function');
    }
  });
});
