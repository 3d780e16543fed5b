import {
  data,
  type LoaderFunctionArgs,
  matchRoutes,
  type NonIndexRouteObject,
  type RouteObject,
  redirect,
} from 'react-router';
import type { PUBLIC_PAGES, PublicPageId } from '../../shared/pages/public-pages.ts';
import { type Locale, localeOfPath, localizedPath, unlocalizedPath } from '../../shared/rules/locales.ts';
import { brandGamePath } from '../../shared/rules/site-settings.ts';
import type { Namespace } from '../i18n/catalogues.ts';
import { loadMessages } from '../i18n/messages.ts';
import { serverDataContext } from '../server-context.ts';
import {
  PageErrorBoundary,
  PublicErrorBoundary,
  PublicLayout,
  PublicPages,
} from './layout/public-layout.tsx';
import { type PageMessagesData, staticHead } from './page-head.ts';
import { PAGE_MESSAGES } from './page-messages.ts';
import { loadSiteSettings, PUBLIC_LAYOUT_ROUTE_ID, publicLayoutLoader } from './site-settings-data.ts';

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/**
 * `/:gamePath` exists for the branded game path only (/{Brand}Game for the configured brand): any other
 * single-segment path is a missing page, and a miscapitalised or former brand's path is sent to the right one.
 */
async function brandGameLoader({ context, params, request }: LoaderFunctionArgs) {
  const gamePath = brandGamePath((await loadSiteSettings(context)).brandName);
  const requested = `/${params.gamePath ?? ''}`;
  if (requested === gamePath) return null;
  // The same page in the language the visitor asked for.
  const canonical = localizedPath(localeOfPath(new URL(request.url).pathname), gamePath);
  if (requested.toLowerCase() === gamePath.toLowerCase()) throw redirect(canonical, 301);
  // A former brand's game path (matched in any case, as the current one is) leads to the current one; links
  // in the site's own pages always name the current brand.
  const formerBrands = await serverDataContext(context).formerBrandNames();
  if (formerBrands.some((brand) => brandGamePath(brand).toLowerCase() === requested.toLowerCase())) {
    throw redirect(canonical, 301);
  }
  return notFound();
}

/** `/contact` is `contact` under the layout route at `/`, and `/` is the layout's index route. */
type UnderLayout<Path extends string> = Path extends '/'
  ? { index: true }
  : Path extends `/${infer Relative}`
    ? { path: Relative }
    : never;

/**
 * A page's route: the id of its row in the page table, at the path the row gives (TypeScript holds them
 * equal).
 */
type PageRoute = {
  [Id in PublicPageId]: { id: Id } & UnderLayout<(typeof PUBLIC_PAGES)[Id]['path']> &
    Omit<NonIndexRouteObject, 'id' | 'path' | 'index' | 'children'>;
}[PublicPageId];

// One chunk for both of the game's paths.
const gamePage = () => import('./pages/game-page.tsx').then((module) => ({ Component: module.GamePage }));
// One canonical address for the game: the branded one the navigation links to.
const gameHandle = staticHead('game', (settings) => brandGamePath(settings.brandName));

/**
 * The route of each page of the table (src/shared/pages/public-pages.ts), in its order: what it loads and how
 * it describes itself. Only the ids and paths are stated here, type-checked against the table. Each page is a
 * chunk of the server bundle of its own, loaded when the page is first rendered (the import() calls stay
 * literal for that). routes.test.ts checks that every page has its route and that each loads the module its
 * row names.
 */
const PAGE_ROUTES = [
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
    handle: staticHead('contact', '/contact'),
  },
  {
    id: 'contact-message',
    path: 'contact/message',
    lazy: () =>
      import('./pages/contact-message-page.tsx').then((module) => ({
        loader: module.contactMessageLoader,
        Component: module.ContactMessagePage,
        handle: module.handle,
      })),
  },
  {
    id: 'terms',
    path: 'terms',
    lazy: () =>
      import('./pages/terms-page.tsx').then((module) => ({
        loader: module.termsLoader,
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
        loader: module.loader,
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
  { id: 'tictactoe', path: 'tictactoe', lazy: gamePage, handle: gameHandle },
  { id: 'brand-game', path: ':gamePath', loader: brandGameLoader, lazy: gamePage, handle: gameHandle },
  // The error page itself is the boundary's (public-pages), in the shell.
  { id: 'not-found', path: '*', loader: notFound },
] satisfies PageRoute[];

/** The id of a page's route in a language: `contact` in English, `hi/contact` in Hindi. */
function localizedRouteId(locale: Locale, id: PublicPageId): string {
  return locale === 'en' ? id : `${locale}/${id}`;
}

const PAGES_ROUTE_ID: Record<Locale, string> = { en: 'public-pages', hi: 'public-pages-hi' };

function pageMessagesLoader(locale: Locale) {
  return async ({ request }: LoaderFunctionArgs): Promise<PageMessagesData> => {
    const path = unlocalizedPath(new URL(request.url).pathname);
    const page = matchRoutes(PAGE_ROUTES, path)?.at(-1)?.route.id as PublicPageId | undefined;
    const namespaces: Namespace[] = ['site', ...(page ? PAGE_MESSAGES[page] : [])];
    return { locale, messages: await loadMessages(locale, namespaces) };
  };
}

/** A language's pages: English at the root, Hindi under /hi, each page's route id marked with its language. */
function pagesRoute(locale: Locale): RouteObject {
  return {
    id: PAGES_ROUTE_ID[locale],
    ...(locale === 'en' ? {} : { path: locale }),
    loader: pageMessagesLoader(locale),
    Component: PublicPages,
    ErrorBoundary: PageErrorBoundary,
    children: PAGE_ROUTES.map((route) => ({ ...route, id: localizedRouteId(locale, route.id) })),
  };
}

/**
 * The public site's routes, which the server renders (entry-server.tsx); the browser runs no router, only the
 * page's islands (decision 062).
 *
 * - The layout route (id `public`) loads the site settings (site-settings-data.ts); every page reads them
 *   with `useSiteSettings()` / `useRouteLoaderData('public')`, and loaders with `loadSiteSettings`.
 * - Each page is a lazy chunk of the server bundle (its component, and its `handle.head` when its copy is
 *   large).
 */
export const publicRoutes: RouteObject[] = [
  {
    id: PUBLIC_LAYOUT_ROUTE_ID,
    path: '/',
    loader: publicLayoutLoader,
    Component: PublicLayout,
    ErrorBoundary: PublicErrorBoundary,
    children: [pagesRoute('en'), pagesRoute('hi')],
  },
];
