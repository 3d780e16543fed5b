import pageChunks, { pageScripts } from 'virtual:public-page-chunks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import {
  PUBLIC_ISLANDS,
  PUBLIC_PAGES,
  type PublicIslandId,
  type PublicPage,
} from '../shared/pages/public-pages.ts';
import type { RenderPage, ShareCard } from '../shared/web-render.ts';
import { copyValues } from './content/site.ts';
import { escapeHtml, headTags, serializeJsonData } from './head.ts';
import { PAGE_SCRIPTS_ELEMENT_ID, type PageLanguageData, type PageScripts } from './page-scripts.ts';
import type { IslandFiles } from './public/islands.ts';
import { type HeadMatch, resolvePageHead, settingsOfMatches } from './public/page-head.ts';
import { pageIdOfRoute, publicRoutes } from './public/routes.tsx';
import { PUBLIC_LAYOUT_ROUTE_ID, type PublicLayoutData } from './public/site-settings-data.ts';
import { ROUTER_DATA_ELEMENT_ID } from './router-data.ts';

const handler = createStaticHandler(publicRoutes);

const UNEXPECTED_ERROR_MESSAGE = 'Unexpected Server Error';

/**
 * A loader's unexpected error is serialized into the hydration data; its message could reveal internals
 * (a database error, a file path), so the page gets a generic one and the server logs the original.
 */
function withoutInternalErrors(context: StaticHandlerContext): {
  context: StaticHandlerContext;
  error?: unknown;
} {
  if (!context.errors) return { context };
  let error: unknown;
  const errors: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(context.errors)) {
    if (isRouteErrorResponse(value)) {
      errors[routeId] = value;
    } else {
      error ??= value;
      errors[routeId] = new Error(UNEXPECTED_ERROR_MESSAGE);
    }
  }
  return { context: { ...context, errors }, error };
}

/**
 * The router's state for hydration, as React Router's StaticRouterProvider would write it, but as a JSON
 * data block rather than an inline script: a data block is never executed, so the page needs no CSP nonce,
 * and its bytes are the same for every visitor (the server keeps them compressed). Errors are written in
 * the form createBrowserRouter reads back (withoutInternalErrors left only these two kinds).
 */
function routerDataBlock(context: StaticHandlerContext): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([routeId, value]) => [
          routeId,
          isRouteErrorResponse(value)
            ? { ...value, __type: 'RouteErrorResponse' }
            : { message: value instanceof Error ? value.message : UNEXPECTED_ERROR_MESSAGE, __type: 'Error' },
        ]),
      )
    : null;
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors };
  return `<script type="application/json" id="${ROUTER_DATA_ELEMENT_ID}">${serializeJsonData(data)}</script>`;
}

/**
 * The islands a page of islands has (decision 062): those whose mark (`data-island`, `data-island-root`) its
 * markup carries, with the language and the site's values they render in.
 */
function pageIslands(
  html: string,
  matches: readonly HeadMatch[],
  locale: PageLanguageData['locale'],
): Pick<PageScripts, 'islands' | 'language'> {
  const islands: IslandFiles = {};
  for (const id of Object.keys(PUBLIC_ISLANDS) as PublicIslandId[]) {
    const file = pageScripts?.islands[id];
    const marked = html.includes(`data-island="${id}"`) || html.includes(`data-island-root="${id}"`);
    if (file && marked) islands[id] = file;
  }
  const layout = matches.find((match) => match.id === PUBLIC_LAYOUT_ROUTE_ID)?.data as
    | PublicLayoutData
    | undefined;
  if (Object.keys(islands).length === 0 || !layout) return { islands: {} };
  const { settings, contactFacts } = layout;
  return {
    islands,
    language: { locale, values: copyValues(settings, contactFacts), timeZone: settings.timeZone },
  };
}

/**
 * What starts the page's script once the page has painted (decision 044): a small module, fetched at low
 * priority, reads the entry and the matched pages' lazy chunks from a JSON data block and, after the next
 * frame, adds the chunks' modulepreload links and imports the entry (src/web/page-start.ts). Until then the
 * page is what the server rendered, which works without script (decision 030). Nothing inline runs, so the
 * page needs no CSP nonce (decision 045). A page that hydrates only its islands (decision 062) names no entry:
 * the module runs the chrome's plain behaviours, imports what the page's markup needs besides and fetches an
 * island when a visitor reaches for it.
 */
function scriptStarter(
  routeIds: readonly string[],
  hydratesApp: boolean,
  html: string,
  /** A page of islands: its islands (none on a page the app hydrates). */
  islands: Pick<PageScripts, 'islands' | 'language'>,
): string {
  if (!pageScripts) return '';
  const preloads = new Set<string>();
  if (hydratesApp) {
    for (const routeId of routeIds) {
      const id = pageIdOfRoute(routeId);
      for (const file of (id && pageChunks[id]) || []) preloads.add(file);
    }
    // Last: it imports the page's chunks again, which are then on their way already.
    preloads.add(pageScripts.entry);
  } else if (html.includes('data-image-state=')) {
    // A post's picture, whose placeholder stays when it cannot load (blog/broken-pictures.ts).
    preloads.add(pageScripts.brokenPictures);
  }
  const files: PageScripts = {
    entry: hydratesApp ? pageScripts.entry : null,
    preloads: [...preloads],
    ...islands,
  };
  return [
    `<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${serializeJsonData(files)}</script>`,
    `<script type="module" fetchpriority="low" crossorigin src="${escapeHtml(pageScripts.start)}"></script>`,
  ].join('\n    ');
}

/**
 * Whether the browser hydrates the whole page with the router, as the page table says of the page matched
 * (decision 062). A page that failed (an error boundary's answer) is the page it failed on: its error page is
 * links and a link to try again, with no island.
 */
function hydratesApp(routeIds: readonly string[]): boolean {
  const page = routeIds.map(pageIdOfRoute).findLast((id) => id !== undefined);
  return page === undefined || (PUBLIC_PAGES[page] as PublicPage).hydration === 'app';
}

/** Renders one public page for the Fastify server (src/server/web/serve-web.ts). */
export const render: RenderPage = async ({ url, origin, context: dataContext, shareCardPath }) => {
  const result = await handler.query(new Request(url), { requestContext: dataContext });
  if (result instanceof Response) {
    const location = result.headers.get('Location');
    if (location && result.status >= 300 && result.status < 400) {
      return { kind: 'redirect', status: result.status, location };
    }
    throw new Error(`A route answered with an unexpected response (status ${result.status})`);
  }

  const { context, error } = withoutInternalErrors(result);
  const matches = context.matches.map((match) => ({
    id: match.route.id,
    handle: match.route.handle,
    data: context.loaderData[match.route.id],
    params: match.params,
  }));
  const firstError = context.errors ? Object.values(context.errors)[0] : undefined;
  const pageHead = resolvePageHead(matches, firstError);
  const settings = settingsOfMatches(matches);
  // A shared link shows a card drawn from the brand, the title and a post's picture (the card has the picture).
  const shareCard: ShareCard | undefined =
    context.statusCode === 200 && pageHead.path !== null && settings !== null
      ? {
          path: pageHead.path,
          brand: settings.brandName,
          logo: settings.logo || undefined,
          title: pageHead.title,
          image: pageHead.image,
        }
      : undefined;
  const head = shareCard ? { ...pageHead, image: shareCardPath(shareCard) } : pageHead;

  const routeIds = matches.map((match) => match.id);
  const lang = head.locale ?? 'en';
  const hydrates = hydratesApp(routeIds);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html =
    renderToString(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    ) + (hydrates ? routerDataBlock(context) : '');
  return {
    kind: 'page',
    status: context.statusCode,
    lang,
    head: [
      headTags(head, origin, settings?.brandName ?? null),
      scriptStarter(routeIds, hydrates, html, hydrates ? { islands: {} } : pageIslands(html, matches, lang)),
    ].join('\n    '),
    html,
    hydration: hydrates ? 'app' : 'islands',
    ...(error === undefined ? {} : { error }),
    ...(shareCard === undefined ? {} : { shareCard }),
  };
};
