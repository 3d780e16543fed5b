import pageChunks, { entryScript } from 'virtual:public-page-chunks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import type { RenderPage, ShareCard } from '../shared/web-render.ts';
import { escapeHtml, headTags } from './head.ts';
import { resolvePageHead, settingsOfMatches } from './public/page-head.ts';
import { pageIdOfRoute, publicRoutes } from './public/routes.tsx';

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
 * Starts the page's script once the page has painted (after the next frame; within half a second where
 * frames do not run, as in a background tab): the public entry, with the matched pages' lazy chunks as
 * modulepreload links so they download alongside it. Until then the page is what the server rendered, which
 * works without script (decision 030); starting later keeps the first paint free of script downloads
 * (decision 044).
 */
const START_SCRIPT = [
  'let started = false;',
  'const start = () => {',
  '  if (started) return;',
  '  started = true;',
  '  for (const href of files.preloads) {',
  "    const link = document.createElement('link');",
  "    link.rel = 'modulepreload';",
  "    link.crossOrigin = '';",
  '    link.href = href;',
  '    document.head.append(link);',
  '  }',
  '  import(files.entry);',
  '};',
  'requestAnimationFrame(() => setTimeout(start));',
  'setTimeout(start, 500);',
].join('');

function scriptStarter(routeIds: readonly string[], nonce: string): string {
  if (!entryScript) return '';
  const preloads = new Set<string>();
  for (const routeId of routeIds) {
    const id = pageIdOfRoute(routeId);
    for (const file of (id && pageChunks[id]) || []) preloads.add(file);
  }
  const files = JSON.stringify({ entry: entryScript, preloads: [...preloads] }).replaceAll('<', '\\u003c');
  return `<script type="module" nonce="${escapeHtml(nonce)}">const files = ${files};${START_SCRIPT}</script>`;
}

/** Renders one public page for the Fastify server (src/server/web/serve-web.ts). */
export const render: RenderPage = async ({ url, origin, nonce, context: dataContext, shareCardPath }) => {
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

  const router = createStaticRouter(handler.dataRoutes, context);
  // StaticRouterProvider ends the markup with the hydration data script, carrying the request's CSP nonce.
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} nonce={nonce} />
    </StrictMode>,
  );
  return {
    kind: 'page',
    status: context.statusCode,
    lang: head.locale ?? 'en',
    head: [
      headTags(head, origin, settings?.brandName ?? null, nonce),
      scriptStarter(
        matches.map((match) => match.id),
        nonce,
      ),
    ].join('\n    '),
    html,
    ...(error === undefined ? {} : { error }),
    ...(shareCard === undefined ? {} : { shareCard }),
  };
};
