import { useMemo } from 'react';
import { Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import { NO_CONTACT_FACTS } from '../../../shared/rules/contact-facts.ts';
import { localeOfPath } from '../../../shared/rules/locales.ts';
import { copyValues } from '../../content/site.ts';
import { PublicIntl } from '../../i18n/copy.tsx';
import { pageMessagesOfMatches } from '../page-head.ts';
import { ErrorPage } from '../pages/error-page.tsx';
import { useContactFacts, useOptionalSiteSettings } from '../site-settings-data.ts';
import { PublicShell, type PublicShellProps } from './public-shell.tsx';

/*
 * The components of the two routes around every page (routes.tsx): the layout route `public` and the
 * pathless `public-pages`, each with its error boundary. The server alone renders them (decision 062), and
 * writes the page's <head> from the same matches (entry-server.tsx).
 */

/** The page's language and texts (the route around each language's pages loads them) and the site's values. */
function PageLanguage({ settings, contactFacts = NO_CONTACT_FACTS, children }: PublicShellProps) {
  const matches = useMatches();
  const { pathname } = useLocation();
  const current = pageMessagesOfMatches(matches);
  const values = useMemo(
    () => (settings ? copyValues(settings, contactFacts) : {}),
    [settings, contactFacts],
  );
  return (
    <PublicIntl
      locale={current?.locale ?? localeOfPath(pathname)}
      messages={current?.messages ?? {}}
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
  return (
    <PageLanguage settings={null}>
      <PublicShell settings={null}>
        <ErrorPage error={error} />
      </PublicShell>
    </PageLanguage>
  );
}

/**
 * The pathless route around every page: its error boundary catches unknown paths and failed page loaders
 * inside the layout.
 */
export function PublicPages() {
  return <Outlet />;
}

export function PageErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
