import { data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { brandGamePath } from '../../shared/rules/site-settings.ts';
import { CONTACT_COPY, GAME_COPY } from '../content/pages.ts';
import { staticHead } from './page-head.ts';
import { PageErrorBoundary, PublicErrorBoundary, PublicLayout, PublicPages } from './public-layout.tsx';
import {
  loadSiteSettings,
  PUBLIC_LAYOUT_ROUTE_ID,
  publicLayoutLoader,
  shouldRevalidatePublicLayout,
} from './site-settings-data.ts';

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/**
 * `/:gamePath` exists for the branded game path only (/{Brand}Game for the configured brand): any other
 * single-segment path is a missing page, and a miscapitalised brand path is sent to the right one.
 */
async function brandGameLoader({ context, params }: LoaderFunctionArgs) {
  const gamePath = brandGamePath((await loadSiteSettings(context)).brandName);
  const requested = `/${params.gamePath ?? ''}`;
  if (requested === gamePath) return null;
  if (requested.toLowerCase() === gamePath.toLowerCase()) throw redirect(gamePath, 301);
  return notFound();
}

/**
 * The source module of each lazy page route, by route id: the server names the current page's chunks in
 * <head> (modulepreload), so the browser fetches them with the entry instead of after it. Keep in step with
 * the import() calls below; scripts/check-bundles.ts lists the same modules.
 */
export const LAZY_PAGE_MODULES: Readonly<Record<string, string>> = {
  home: 'src/web/public/pages/home-page.tsx',
  contact: 'src/web/public/pages/contact-page.tsx',
  terms: 'src/web/public/pages/terms-page.tsx',
  privacy: 'src/web/public/pages/privacy-page.tsx',
  'delete-account': 'src/web/public/pages/delete-account-page.tsx',
  tictactoe: 'src/web/public/pages/game-page.tsx',
  'brand-game': 'src/web/public/pages/game-page.tsx',
  blog: 'src/web/public/pages/blog-list-page.tsx',
  'blog-post': 'src/web/public/pages/blog-post-page.tsx',
};

/**
 * The public site's routes: rendered by the server (entry-server.tsx) and hydrated in the browser
 * (entry-client.tsx) from this one definition.
 *
 * - The layout route (id `public`) loads the site settings once (site-settings-data.ts); every page reads
 *   them with `useSiteSettings()` / `useRouteLoaderData('public')`, and loaders with `loadSiteSettings`.
 * - Each page is a lazy chunk (its component, and its `handle.head` when its copy is large), so a page
 *   downloads only its own code and copy; the browser resolves the current page's chunk before hydrating.
 */
export const publicRoutes: RouteObject[] = [
  {
    id: PUBLIC_LAYOUT_ROUTE_ID,
    path: '/',
    loader: publicLayoutLoader,
    shouldRevalidate: shouldRevalidatePublicLayout,
    Component: PublicLayout,
    ErrorBoundary: PublicErrorBoundary,
    children: [
      {
        id: 'public-pages',
        Component: PublicPages,
        ErrorBoundary: PageErrorBoundary,
        children: [
          {
            id: 'home',
            index: true,
            lazy: () =>
              import('./pages/home-page.tsx').then((module) => ({
                Component: module.HomePage,
                handle: module.handle,
              })),
          },
          {
            id: 'contact',
            path: 'contact',
            lazy: () =>
              import('./pages/contact-page.tsx').then((module) => ({
                loader: module.contactLoader,
                Component: module.ContactPage,
              })),
            handle: staticHead(CONTACT_COPY.meta, '/contact'),
          },
          {
            id: 'terms',
            path: 'terms',
            lazy: () =>
              import('./pages/terms-page.tsx').then((module) => ({
                Component: module.TermsPage,
                handle: module.handle,
              })),
          },
          {
            id: 'privacy',
            path: 'privacy',
            lazy: () =>
              import('./pages/privacy-page.tsx').then((module) => ({
                Component: module.PrivacyPage,
                handle: module.handle,
              })),
          },
          {
            id: 'delete-account',
            path: 'delete-account',
            lazy: () =>
              import('./pages/delete-account-page.tsx').then((module) => ({
                Component: module.DeleteAccountPage,
                handle: module.handle,
              })),
          },
          {
            id: 'blog',
            path: 'blog',
            lazy: () =>
              import('./pages/blog-list-page.tsx').then((module) => ({
                loader: module.blogListLoader,
                Component: module.BlogListPage,
                handle: module.handle,
              })),
          },
          {
            id: 'blog-post',
            path: 'blog/:slug',
            lazy: () =>
              import('./pages/blog-post-page.tsx').then((module) => ({
                loader: module.blogPostLoader,
                Component: module.BlogPostPage,
                ErrorBoundary: module.BlogPostErrorBoundary,
                handle: module.handle,
              })),
          },
          {
            id: 'tictactoe',
            path: 'tictactoe',
            lazy: () => import('./pages/game-page.tsx').then((module) => ({ Component: module.GamePage })),
            // One canonical address for the game: the branded one the navigation links to.
            handle: staticHead(GAME_COPY.meta, (settings) => brandGamePath(settings.brandName)),
          },
          {
            id: 'brand-game',
            path: ':gamePath',
            loader: brandGameLoader,
            lazy: () => import('./pages/game-page.tsx').then((module) => ({ Component: module.GamePage })),
            handle: staticHead(GAME_COPY.meta, (settings) => brandGamePath(settings.brandName)),
          },
          { path: '*', loader: notFound },
        ],
      },
    ],
  },
];
