import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import { NO_CONTACT_FACTS } from '../../../shared/rules/contact-facts.ts';
import { localeOfPath } from '../../../shared/rules/locales.ts';
import { copyValues } from '../../content/site.ts';
import { applyHead, type PageHead } from '../../head.ts';
import { PublicIntl } from '../../i18n/copy.tsx';
import type { Messages } from '../../i18n/messages.ts';
import { errorHead, pageMessagesOfMatches, resolvePageHead } from '../page-head.ts';
import { ErrorPage } from '../pages/error-page.tsx';
import { useContactFacts, useOptionalSiteSettings } from '../site-settings-data.ts';
import { PublicShell, type PublicShellProps } from './public-shell.tsx';

/*
 * The components of the two routes around every page (routes.tsx): the layout route `public` and the
 * pathless `public-pages`, each with its error boundary.
 */

/** Keeps <head> in line with the page after client navigations (the server wrote it for the first one). */
function useHead(head: PageHead): void {
  useEffect(() => applyHead(head), [head]);
}

/**
 * The page's language and texts (the route around each language's pages loads them) and the site's values,
 * for the chrome and the page. While a new page's catalogues load, or when they failed to, the last ones stay.
 */
function PageLanguage({ settings, contactFacts = NO_CONTACT_FACTS, children }: PublicShellProps) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const current = pageMessagesOfMatches(matches);
  const last = useRef<{ messages: Messages } | undefined>(current);
  if (current) last.current = current;
  const values = useMemo(
    () => (settings ? copyValues(settings, contactFacts) : {}),
    [settings, contactFacts],
  );
  return (
    <PublicIntl
      locale={current?.locale ?? localeOfPath(pathname)}
      messages={last.current?.messages ?? {}}
      values={values}
      timeZone={settings?.timeZone}
    >
      {children}
    </PublicIntl>
  );
}

/** The layout route (id `public`): the chrome, with the settings its loader brought. */
export function PublicLayout() {
  const settings = useOptionalSiteSettings();
  const contactFacts = useContactFacts();
  return (
    <PageLanguage settings={settings} contactFacts={contactFacts}>
      <PublicShell settings={settings} contactFacts={contactFacts}>
        <Outlet />
      </PublicShell>
    </PageLanguage>
  );
}

/**
 * The layout's own failure (the settings could not be loaded): the chrome without the settings, and a page
 * saying what happened.
 */
export function PublicErrorBoundary() {
  const error = useRouteError();
  const matches = useMatches();
  useHead(useMemo(() => errorHead(error, null, matches), [error, matches]));
  return (
    <PageLanguage settings={null}>
      <PublicShell settings={null}>
        <ErrorPage error={error} />
      </PublicShell>
    </PageLanguage>
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
  const matches = useMatches();
  useHead(useMemo(() => errorHead(error, settings, matches), [error, settings, matches]));
  return <ErrorPage error={error} />;
}
