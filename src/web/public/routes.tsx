import type { RouteObject } from 'react-router';
import { CONTACT_COPY, GAME_COPY, HOME_COPY, PRIVACY_COPY, TERMS_COPY } from '../content/pages.ts';
import { staticHead } from './page-head.ts';
import { ContactPage, contactLoader } from './pages/contact-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { GamePage, PrivacyPage, TermsPage } from './pages/placeholder-pages.tsx';
import { PublicErrorBoundary, PublicLayout } from './public-layout.tsx';

/**
 * The public site's routes: rendered by the server (entry-server.tsx) and hydrated in the browser
 * (entry-client.tsx) from this one definition. Loaders get the server's data context during server
 * rendering and call the API in the browser.
 */
export const publicRoutes: RouteObject[] = [
  {
    id: 'public',
    path: '/',
    Component: PublicLayout,
    ErrorBoundary: PublicErrorBoundary,
    children: [
      { index: true, Component: HomePage, handle: staticHead(HOME_COPY.meta, '/') },
      {
        path: 'contact',
        loader: contactLoader,
        Component: ContactPage,
        handle: staticHead(CONTACT_COPY.meta, '/contact'),
      },
      { path: 'terms', Component: TermsPage, handle: staticHead(TERMS_COPY.meta, '/terms') },
      { path: 'privacy', Component: PrivacyPage, handle: staticHead(PRIVACY_COPY.meta, '/privacy') },
      { path: 'tictactoe', Component: GamePage, handle: staticHead(GAME_COPY.meta, '/tictactoe') },
    ],
  },
];
