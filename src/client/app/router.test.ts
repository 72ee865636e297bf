import { describe, expect, it } from 'vitest';
import { pageText, screenOf, signedInScreens } from '#shared/site-pages.ts';
import { notFoundRoute, siteRoutes } from '#shared/site-routes.ts';
import { notFoundScreen, screens } from './router.tsx';

/** The module at a site route's `screen` (a path from the project root). */
function screenModule(screen: string): Promise<unknown> {
  return import(/* @vite-ignore */ `/${screen}`);
}

describe('site-routes.ts and the router', () => {
  it('has a screen for every site route, and no screen without a site route', () => {
    expect(Object.keys(screens).sort()).toEqual(siteRoutes.map((route) => route.id).sort());
  });

  it('gives every site route an id and a path of its own', () => {
    const ids = siteRoutes.map((route) => route.id);
    const paths = siteRoutes.map((route) => route.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  // The server preloads, and the bench measures, the chunk of each route's `screen`: it has to
  // be the module the router really loads for that path.
  it.each(siteRoutes.map((route) => [route.path, route] as const))(
    '%s: the router loads the module of its `screen`',
    async (_path, route) => {
      expect(await screens[route.id].load()).toBe(await screenModule(screenOf(route)));
    },
    // The first import of a screen pulls in its whole feature: slow on a busy machine.
    30_000,
  );

  // The server preloads, and the bench counts, the sign-in check with these screens' chunks.
  it('knows the screens only for someone signed in as site-pages.ts does', () => {
    const privatePaths = siteRoutes.filter((route) => screens[route.id].isPrivate);
    expect(privatePaths.map((route) => route.path).sort()).toEqual([...signedInScreens].sort());
  });

  it('loads the not-found screen from its `screen` too', async () => {
    expect(await notFoundScreen.load()).toBe(await screenModule(screenOf(notFoundRoute)));
  }, 30_000);

  it('gives every screen a title of its own and a description that fits a search result', () => {
    const titles = siteRoutes.map((route) => ('title' in route ? route.title : ''));
    expect(new Set(titles).size).toBe(titles.length);
    for (const { description } of [...siteRoutes, notFoundRoute].map(pageText)) {
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });
});
