import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  type DataStrategyFunction,
  type DataStrategyResult,
  matchRoutes,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { isIslandsPageRoute, publicRoutes } from './public/routes.tsx';
import { PUBLIC_LAYOUT_ROUTE_ID, rememberSiteSettings } from './public/site-settings-data.ts';
import './public/styles.css';

/**
 * The current page's lazy route modules, loaded before hydrating: the first render must produce the markup
 * the server sent, which needs the page's component (React Router's documented recipe for lazy routes).
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, { ...properties, lazy: undefined });
    }),
  );
}

/**
 * React Router's own strategy (its documented form), except on the way to a page of islands: the app never
 * renders one in the browser, so the browser loads its document instead, as from a page of islands (decision
 * 062). The navigation then stays pending until the new document replaces this one.
 */
const loadIslandsPagesAsDocuments: DataStrategyFunction = async ({
  matches,
  request,
  runClientMiddleware,
}) => {
  const page = matches.at(-1);
  if (request.method === 'GET' && page && isIslandsPageRoute(page.route.id)) {
    window.location.assign(request.url);
    return new Promise<never>(() => {});
  }
  return runClientMiddleware(async () => {
    const results: Record<string, DataStrategyResult> = {};
    await Promise.all(
      matches
        .filter((match) => match.shouldCallHandler())
        .map(async (match) => {
          results[match.route.id] = await match.resolve();
        }),
    );
    return results;
  });
};

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to hydrate');

await resolveLazyRoutes(publicRoutes);

// The server-rendered page carries the loaders' data in a JSON data block, which src/web/page-start.ts put in
// window.__staticRouterHydrationData for createBrowserRouter: the first render reuses it instead of calling
// the API again.
const router = createBrowserRouter(publicRoutes, { dataStrategy: loadIslandsPagesAsDocuments });
// Later page loaders (the branded game path) reuse the settings the page was rendered with.
rememberSiteSettings(router.state.loaderData[PUBLIC_LAYOUT_ROUTE_ID]);

// Hydrated as a transition: React works in slices of a few milliseconds, yielding to the browser between them,
// instead of holding the main thread for the whole page, which is painted and works without script already
// (decision 044; Total Blocking Time about halved in Lighthouse, measured).
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
