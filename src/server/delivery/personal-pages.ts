// The screens that hold a person's own words, drawn for them (a phone shows the first
// entries and saved verses before the app has run, as it shows a chapter or the testimony
// wall). Decision 011, amended: such a page is rendered on each request, for the one person
// whose session it carries, and is never kept, here or in any cache on the way (the caller
// sends it `private, no-store`). A visitor's page holds nobody's data and is kept like the
// others. The data is read as the list API reads it, so the app starts from the same answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type { ScreenData, SitePath } from '#shared/site-routes.ts';
import type { CachedBody } from './cached-body.ts';
import type { RenderScreen } from './reader-pages.ts';

/** How a personal screen's data is read. */
export type PersonalScreen = {
  /**
   * The data of the screen's first render for this person (the first page of their list), or
   * nothing to draw it with (a group they are not in: the app says so). `pathname` is the
   * address asked for, which a screen with a pattern (`/groups/:id`) reads its id from.
   */
  read: (userId: string, pathname: string) => Promise<ScreenData>;
  /** A visitor sees something of their own here (saved verses: the examples); else the app decides. */
  hasVisitorView: boolean;
  /**
   * The address's query belongs to the screen, not to its list (the journal's ?verse= is the
   * writer's verse): the list is read with it too, and a visitor's page with one is drawn for
   * that address, on each request (only the address without a query is kept).
   */
  queryIsTheScreens?: boolean;
};

export type PersonalPagesOptions = {
  render: RenderScreen;
  screens: Partial<Record<SitePath, PersonalScreen>>;
  /**
   * Who the request's session cookie belongs to, as an API request would load it (and slide
   * its expiry); null when it belongs to nobody any more.
   */
  whoIsAsking: (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser | null>;
  page: (path: SitePath, rendered: { markup: string; state: unknown }) => CachedBody;
  onError: (error: unknown) => void;
};

/**
 * Pages drawn at once, at most. A render costs milliseconds of the one process's CPU; beyond
 * this (a flood of reloads, or of requests with stolen or many sessions) the page goes out
 * undrawn, as it did before, and the app draws it: the API's answers never wait behind React.
 */
export const maxDrawingsAtOnce = 4;

/** A drawn page, and whether it holds someone's own data (never to be kept). */
export type PersonalPage = { body: CachedBody; isPrivate: boolean };

export type PersonalPages = {
  has: (path: SitePath) => boolean;
  /** `path` is the screen's route (its pattern, for `/groups/:id`); the address is the request's. */
  draw: (
    path: SitePath,
    request: FastifyRequest,
    reply: FastifyReply,
    hasSessionCookie: boolean,
  ) => Promise<PersonalPage | undefined>;
};

export function createPersonalPages(options: PersonalPagesOptions): PersonalPages {
  const visitorPages = new Map<SitePath, Promise<CachedBody | undefined>>();
  let drawing = 0;

  async function render(path: SitePath, url: string, data: ScreenData) {
    try {
      return options.page(path, await options.render(url, data));
    } catch (error) {
      options.onError(error);
      return undefined;
    }
  }

  function visitorPage(path: SitePath): Promise<CachedBody | undefined> {
    let page = visitorPages.get(path);
    if (!page) {
      page = render(path, path, { signedOut: true });
      visitorPages.set(path, page);
      // A failed drawing is tried again on the next request.
      void page.then((drawn) => {
        if (!drawn && visitorPages.get(path) === page) visitorPages.delete(path);
      });
    }
    return page;
  }

  return {
    has: (path) => options.screens[path] !== undefined,
    async draw(path, request, reply, hasSessionCookie) {
      const screen = options.screens[path];
      if (!screen) return undefined;
      if (drawing >= maxDrawingsAtOnce) return undefined;
      drawing += 1;
      try {
        return await drawFor(screen, path, request, reply, hasSessionCookie);
      } finally {
        drawing -= 1;
      }
    },
  };

  async function drawFor(
    screen: PersonalScreen,
    path: SitePath,
    request: FastifyRequest,
    reply: FastifyReply,
    hasSessionCookie: boolean,
  ): Promise<PersonalPage | undefined> {
    let user: SessionUser | null = null;
    if (hasSessionCookie) {
      try {
        user = await options.whoIsAsking(request, reply);
      } catch (error) {
        // The app asks again, and says what went wrong, when the database cannot answer.
        options.onError(error);
        return undefined;
      }
    }
    const pathname = request.url.split('?')[0] ?? path;
    const search = request.url.slice(pathname.length);
    if (!user) {
      if (!screen.hasVisitorView) return undefined;
      const body =
        search && screen.queryIsTheScreens
          ? await render(path, pathname + search, { signedOut: true })
          : await visitorPage(path);
      return body && { body, isPrivate: false };
    }
    // A search or a filter in the address is the app's to ask for; the page is drawn with
    // who is there, and the list's own loading state.
    let data: ScreenData = {};
    if (!search || screen.queryIsTheScreens) {
      try {
        data = await screen.read(user.id, pathname);
      } catch (error) {
        options.onError(error);
        return undefined;
      }
    }
    const body = await render(path, pathname + search, { ...data, user });
    return body && { body, isPrivate: true };
  }
}
