import { useEffect, useMemo } from 'react';
import { Outlet, useMatches, useRouteError } from 'react-router';
import { applyHead, type PageHead } from '../../head.ts';
import { errorHead, resolvePageHead } from '../page-head.ts';
import { ErrorPage } from '../pages/error-page.tsx';
import { useContactFacts, useOptionalSiteSettings } from '../site-settings-data.ts';
import { PublicShell } from './public-shell.tsx';

/*
 * The components of the two routes around every page (routes.tsx): the layout route `public` and the
 * pathless `public-pages`, each with its error boundary.
 */

/** Keeps <head> in line with the page after client navigations (the server wrote it for the first one). */
function useHead(head: PageHead): void {
  useEffect(() => applyHead(head), [head]);
}

/** The layout route (id `public`): the chrome, with the settings its loader brought. */
export function PublicLayout() {
  return (
    <PublicShell settings={useOptionalSiteSettings()} contactFacts={useContactFacts()}>
      <Outlet />
    </PublicShell>
  );
}

/**
 * The layout's own failure (the settings could not be loaded): the chrome without the settings, and a page
 * saying what happened.
 */
export function PublicErrorBoundary() {
  const error = useRouteError();
  useHead(useMemo(() => errorHead(error, null), [error]));
  return (
    <PublicShell settings={null}>
      <ErrorPage error={error} />
    </PublicShell>
  );
}

/**
 * The pathless route around every page: it sets the page's head, and its error boundary catches unknown
 * paths and failed page loaders inside the layout. (Head and errors are decided here, not in the layout,
 * because only an error boundary learns of the error.)
 */
export function PublicPages() {
  const matches = useMatches();
  useHead(useMemo(() => resolvePageHead(matches), [matches]));
  return <Outlet />;
}

export function PageErrorBoundary() {
  const error = useRouteError();
  const settings = useOptionalSiteSettings();
  useHead(useMemo(() => errorHead(error, settings), [error, settings]));
  return <ErrorPage error={error} />;
}
