import { describe, expect, it } from 'vitest';
import { notFoundRoute, siteRoutes } from '../../shared/site-routes.ts';
import routerSource from './router.tsx?raw';

describe('site-routes.ts and the router', () => {
  // The server preloads, and the bench measures, the chunk of each route's `screen`: it has to
  // be the module the router really loads for that path.
  it.each([...siteRoutes, { path: '/*', ...notFoundRoute }])(
    '$path: the router loads its screen module and routes its path',
    ({ path, screen }) => {
      const importPath = screen.replace(/^src\/client\//, '../');
      expect(routerSource).toContain(`import('${importPath}')`);
      if (path === '/') expect(routerSource).toContain('<Route index element=');
      else expect(routerSource).toMatch(new RegExp(`path="${path.slice(1).replace('*', '\\*')}"`));
    },
  );

  it('gives every screen a title of its own and a description that fits a search result', () => {
    const titles = siteRoutes.map((route) => ('title' in route ? route.title : ''));
    expect(new Set(titles).size).toBe(titles.length);
    for (const { description } of [...siteRoutes, notFoundRoute]) {
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });
});
