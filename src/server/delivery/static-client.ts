import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { lightFormat } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { buildChapter } from '#server/bible/bible.ts';
import type { Translations } from '#server/bible/translations.ts';
import { apiNotFound } from '#server/plugins/error-handler.ts';
import { contentSecurityPolicy } from '#server/plugins/security-headers.ts';
import { sessionCookieName } from '#server/security/sessions.ts';
import {
  defaultTranslation,
  translationCookieName,
  translationNamed,
  type TranslationId,
} from '#shared/bible/translations.ts';
import { dayOfYear } from '#shared/content/verse-of-day.ts';
import type { AuthProvidersResponse } from '#shared/schemas/auth.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type { PlanDaysResponse, PlanLibraryResponse } from '#shared/schemas/plans.ts';
import type { PublicTestimony } from '#shared/schemas/testimonies.ts';
import type { DailyVerseResponse } from '#shared/schemas/verses.ts';
import { pageText, signedInScreens } from '#shared/site-pages.ts';
import { findSiteRoute, notFoundRoute } from '#shared/site-routes.ts';
import { sendEncoded } from './cached-body.ts';
import { buildClientPages, renderedPage, robotsOf } from './client-pages.ts';
import { immutableCacheControl } from './http-caching.ts';
import { createKeptScreens } from './kept-screens.ts';
import { createPersonalPages, type PersonalPagesOptions } from './personal-pages.ts';
import { chapterPageText, createReaderPages, loadScreenRenderer } from './reader-pages.ts';
import { createTestimonyPages } from './testimony-pages.ts';

/** Whether a path of the built client may be sent as a file (its screens are not files). */
function isPublicFile(pathname: string): boolean {
  const extension = path.extname(pathname).toLowerCase();
  return extension !== '' && extension !== '.map' && !pathname.startsWith('/.vite/');
}

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated.
 * Any other GET that is not an API call or a file gets the SPA's index.html (with that screen's
 * title, description and preloads) so that the client router can draw the screen; paths that
 * are not screens of the app get it with status 404.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  clientDir: string,
  /** The reader's chapters are drawn in the translation their address names (decision 015). */
  translations: Translations,
  sources: {
    /** The testimony wall's first page and the clock, for /testimony drawn on the server. */
    testimonies?: { firstPage: () => Promise<Page<PublicTestimony>>; now: () => number };
    /** Who is asking, and their lists, for the screens of their own drawn on the server. */
    personal?: Pick<PersonalPagesOptions, 'screens' | 'whoIsAsking'>;
    /** The sign-in providers this server offers, for /auth drawn on the server. */
    authProviders?: AuthProvidersResponse;
    /**
     * The plan library, for /plans drawn on the server, and a library plan with its first days
     * (planDaysPageSize), for its page (/plans?plan=…); nothing for any other id (a plan made
     * from a feeling is its owner's).
     */
    plans?: {
      library: () => PlanLibraryResponse;
      firstDays: (planId: string) => Promise<PlanDaysResponse | undefined>;
    };
    /** The verse of a day (1–366) in a translation, and the server's clock, for /verse-of-day. */
    dailyVerses?: {
      verse: (translation: TranslationId, day: number) => DailyVerseResponse;
      now: () => number;
    };
  } = {},
): Promise<void> {
  const { testimonies, personal, authProviders, dailyVerses, plans } = sources;
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  const pages = hasClient ? buildClientPages(clientDir) : undefined;
  const render = hasClient ? await loadScreenRenderer(clientDir) : undefined;
  const readerPages =
    pages && render
      ? createReaderPages({
          render,
          chapter: ({ bookIndex, chapter }, translation) =>
            buildChapter(translations.get(translation), bookIndex, chapter),
          page: (chapter, rendered) =>
            renderedPage(pages.template, chapterPageText(chapter), rendered),
          onError: (error) => app.log.error({ err: error }, 'Rendering a chapter page failed'),
        })
      : undefined;
  const testimonyRoute = findSiteRoute('/testimony');
  const testimonyPages =
    pages && render && testimonies && testimonyRoute
      ? createTestimonyPages({
          render,
          firstPage: testimonies.firstPage,
          now: testimonies.now,
          page: (rendered) => renderedPage(pages.template, pageText(testimonyRoute), rendered),
          onError: (error) => app.log.error({ err: error }, 'Drawing the testimony page failed'),
        })
      : undefined;
  const personalPages =
    pages && render && personal
      ? createPersonalPages({
          ...personal,
          render,
          page: (path, rendered) =>
            renderedPage(
              pages.template,
              pageText(findSiteRoute(path) ?? notFoundRoute),
              rendered,
              robotsOf(path),
            ),
          onError: (error) => app.log.error({ err: error }, 'Drawing a personal page failed'),
        })
      : undefined;
  // /auth and /verse-of-day, drawn once for each form of request and kept (kept-screens.ts):
  // for a visitor or for whoever may be signed in, and the verse of the day by day and
  // translation (16 covers two days of every form while the day turns).
  const keptScreens =
    pages && render
      ? createKeptScreens({
          maxKept: 16,
          onError: (error) => app.log.error({ err: error }, 'Drawing a page failed'),
        })
      : undefined;
  const authRoute = findSiteRoute('/auth');
  // `robots`: the head of the address asked for (a group's page is nobody's to index, and the
  // sign-in page drawn at its address is not either).
  const authPage =
    pages && render && keptScreens && authProviders && authRoute
      ? (signedOut: boolean, robots = '') =>
          keptScreens(`auth ${signedOut} ${robots}`, async () =>
            renderedPage(
              pages.template,
              pageText(authRoute),
              await render('/auth', { authProviders, signedOut }),
              robots,
            ),
          )
      : undefined;
  const dailyRoute = findSiteRoute('/verse-of-day');
  const dailyPage =
    pages && render && keptScreens && dailyVerses && dailyRoute
      ? (signedOut: boolean, translationCookie: string | undefined) => {
          // The server's calendar day; the app moves to the visitor's own if it differs.
          const today = new Date(dailyVerses.now());
          const date = lightFormat(today, 'yyyy-MM-dd');
          const translation = translationNamed(translationCookie) ?? defaultTranslation;
          return keptScreens(`verse-of-day ${date} ${translation} ${signedOut}`, async () => {
            const verse = dailyVerses.verse(translation, dayOfYear(today));
            return renderedPage(
              pages.template,
              pageText(dailyRoute),
              await render('/verse-of-day', { dailyVerse: { date, verse }, signedOut }),
            );
          });
        }
      : undefined;
  // /plans with the library, and a library plan's page (/plans?plan=…) with the plan and its
  // first week, drawn when first asked for, for a visitor or for whoever may be signed in, and
  // kept: the library changes only with a release. The screen reads nothing else of the
  // address, so other parameters (a campaign's, say) draw the same page. Any other plan's page
  // is the app's to draw.
  const plansRoute = findSiteRoute('/plans');
  const keptPlanPages =
    pages && render && plans && plansRoute
      ? createKeptScreens({
          maxKept: 32,
          onError: (error) => app.log.error({ err: error }, 'Drawing a plan page failed'),
        })
      : undefined;
  const planPage =
    pages && render && plans && plansRoute && keptPlanPages
      ? async (search: string, signedOut: boolean) => {
          const params = new URLSearchParams(search);
          const planId = params.get('plan');
          if (planId === null) {
            return keptPlanPages(`library ${signedOut}`, async () =>
              renderedPage(
                pages.template,
                pageText(plansRoute),
                await render('/plans', { planLibrary: plans.library(), signedOut }),
              ),
            );
          }
          const firstDays = await plans.firstDays(planId);
          if (!firstDays) return undefined;
          const url = `/plans?${new URLSearchParams({ plan: planId }).toString()}`;
          const { title, description } = firstDays.plan;
          // Titled as the screen titles itself: the plan's name.
          return keptPlanPages(`plan ${planId} ${signedOut}`, async () =>
            renderedPage(
              pages.template,
              { title, description },
              await render(url, { planDays: firstDays, signedOut }),
            ),
          );
        }
      : undefined;
  // Pages carry a CSP that also allows index.html's inline theme script (by its hash); the
  // other responses keep the global one of plugins/security-headers.ts.
  const pagePolicy = contentSecurityPolicy(pages?.inlineScripts);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: true,
      // Only file names go to the disk; '/' and other extension-less paths are screens of the
      // SPA, answered below (a directory would otherwise get a 403). The build manifest in
      // .vite/ is for the server alone; a source map, should a build ever hold one
      // (vite.config.ts builds none), is for nobody: it carries the client's whole source.
      allowedPath: isPublicFile,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', isHashedAsset ? immutableCacheControl : 'no-cache');
        // /index.html itself: the service worker precaches it for offline navigations.
        if (filePath.endsWith('.html')) reply.header('content-security-policy', pagePolicy);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!isPage || !pages) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const route = findSiteRoute(pathname);
    const signedOut = !request.cookies[sessionCookieName];
    // A chapter of the reader and the testimony wall come already drawn (reader-pages.ts,
    // testimony-pages.ts), as a visitor sees them when the request carries no session: the
    // page depends on the cookie.
    const isReader = route?.path === '/read-bible' && readerPages !== undefined;
    const isTestimonies = route?.path === '/testimony' && testimonyPages !== undefined;
    // /auth and the verse of the day come drawn too (kept-screens.ts), the verse in the
    // translation the device's cookie names.
    const isAuth = route?.path === '/auth' && authPage !== undefined;
    // A visitor at a screen only for someone signed in: the app sends them to /auth (product
    // §2), so the page is the sign-in page, drawn, and the app moves the address there when it
    // starts (main.tsx). Drawn any other way (the header frame, then 'Loading...', then
    // nothing, then the sign-in card) the page jumps three times while it loads.
    const isSignInFirst =
      signedOut &&
      route !== undefined &&
      signedInScreens.includes(route.path) &&
      authPage !== undefined;
    const isDaily = route?.path === '/verse-of-day' && dailyPage !== undefined;
    // A library plan's page comes drawn too, with the plan's first week.
    const drawnPlan =
      route?.path === '/plans' && planPage
        ? await planPage(request.url.slice(pathname.length), signedOut)
        : undefined;
    // A person's own screens come drawn for them (personal-pages.ts), never to be kept.
    const isPersonal =
      !isSignInFirst && route !== undefined && personalPages?.has(route.path) === true;
    const personalPage =
      isPersonal && route
        ? await personalPages?.draw(route.path, request, reply, !signedOut)
        : undefined;
    const rendered = isReader
      ? await readerPages(request.url.slice(pathname.length), signedOut)
      : isTestimonies
        ? await testimonyPages(signedOut)
        : isAuth || isSignInFirst
          ? await authPage?.(signedOut, robotsOf(pathname))
          : isDaily
            ? await dailyPage(signedOut, request.cookies[translationCookieName])
            : (personalPage?.body ?? drawnPlan);
    const isDrawnPlan = drawnPlan !== undefined;
    if (
      isReader ||
      isTestimonies ||
      isPersonal ||
      isAuth ||
      isSignInFirst ||
      isDaily ||
      isDrawnPlan
    ) {
      reply.header('vary', 'cookie');
    }
    reply
      .status(route ? 200 : 404)
      .header('cache-control', personalPage?.isPrivate ? 'private, no-store' : 'no-cache')
      .header('content-security-policy', pagePolicy)
      .type('text/html; charset=utf-8');
    return sendEncoded(
      request,
      reply,
      rendered ?? (route && pages.byPath.get(route.path)) ?? pages.notFound,
    );
  });
}
