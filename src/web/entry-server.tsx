import { pageScripts } from 'virtual:public-page-scripts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { PUBLIC_ISLANDS, type PublicIslandId } from '../shared/pages/public-pages.ts';
import type { RenderPage, ShareCard } from '../shared/web-render.ts';
import { copyValues } from './content/site.ts';
import { escapeHtml, headTags, serializeJsonData } from './head.ts';
import { PAGE_SCRIPTS_ELEMENT_ID, type PageLanguageData, type PageScripts } from './page-scripts.ts';
import type { IslandFiles } from './public/islands.ts';
import { type HeadMatch, resolvePageHead, settingsOfMatches } from './public/page-head.ts';
import { publicRoutes } from './public/routes.tsx';
import { PUBLIC_LAYOUT_ROUTE_ID, type PublicLayoutData } from './public/site-settings-data.ts';

const handler = createStaticHandler(publicRoutes);

const UNEXPECTED_ERROR_MESSAGE = 'Unexpected Server Error';

/**
 * A loader's unexpected error could reveal internals (a database error, a file path) were its message ever
 * rendered: the page is rendered with a generic one, and the server logs the original.
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
 * What starts the page's script once the page has painted (decisions 044 and 062): a small module, fetched at
 * low priority, which runs the chrome's plain behaviours, fetches an island when a visitor reaches for it and,
 * after the next frame, imports what the page's markup needs besides, all read from a JSON data block
 * (src/web/page-start.ts). Until then the page is what the server rendered, which works without script
 * (decision 030). Nothing inline runs, so the page needs no CSP nonce (decision 045).
 */
function scriptStarter(html: string, islands: Pick<PageScripts, 'islands' | 'language'>): string {
  if (!pageScripts) return '';
  const files: PageScripts = {
    // A post's picture, whose placeholder stays when it cannot load (blog/broken-pictures.ts).
    preloads: html.includes('data-image-state=') ? [pageScripts.brokenPictures] : [],
    ...islands,
  };
  return [
    `<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${serializeJsonData(files)}</script>`,
    `<script type="module" fetchpriority="low" crossorigin src="${escapeHtml(pageScripts.start)}"></script>`,
  ].join('\n    ');
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

  const lang = head.locale ?? 'en';
  const router = createStaticRouter(handler.dataRoutes, context);
  // The browser hydrates no router: only the page's islands, each on its own root (decision 062).
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return {
    kind: 'page',
    status: context.statusCode,
    lang,
    head: [
      headTags(head, origin, settings?.brandName ?? null),
      scriptStarter(html, pageIslands(html, matches, lang)),
    ].join('\n    '),
    html,
    ...(error === undefined ? {} : { error }),
    ...(shareCard === undefined ? {} : { shareCard }),
  };
};
