import { isRouteErrorResponse, type Params } from 'react-router';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type ContactFacts, NO_CONTACT_FACTS } from '../../shared/rules/contact-facts.ts';
import { LOCALES, type Locale, localizedPath } from '../../shared/rules/locales.ts';
import { type CopyValues, copyValues } from '../content/site.ts';
import type { PageHead } from '../head.ts';
import type { Namespace } from '../i18n/catalogues.ts';
import type { CopyArguments } from '../i18n/copy.tsx';
import { formatMessage } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';
import { PUBLIC_LAYOUT_ROUTE_ID, type PublicLayoutData } from './site-settings-data.ts';

/** The part of a route match that decides the page's head: the same shape on the server and in the browser. */
export interface HeadMatch {
  id: string;
  handle: unknown;
  data: unknown;
  params: Params;
}

/** A text of the page's catalogues in its language, filled with the site's values: for titles and descriptions. */
export type HeadCopy = (namespace: Namespace, key: string, extra?: CopyArguments) => string;

/** What a route's head is computed from: its own match, the site settings and the contact facts. */
export interface HeadInput {
  match: HeadMatch;
  settings: SiteSettings;
  contactFacts: ContactFacts;
  values: CopyValues;
  locale: Locale;
  copy: HeadCopy;
}

/** What the route around each language's pages loaded (routes.tsx): the page's language and its catalogues. */
export interface PageMessagesData {
  locale: Locale;
  messages: Messages;
}

export function pageMessagesOfMatches(matches: readonly { data: unknown }[]): PageMessagesData | undefined {
  for (const match of matches) {
    const data = match.data as Partial<PageMessagesData> | undefined;
    if (data?.locale && data.messages) return data as PageMessagesData;
  }
  return undefined;
}

function headCopy(page: PageMessagesData | undefined, values: CopyValues): HeadCopy {
  return (namespace, key, extra) =>
    page
      ? formatMessage(page.locale, page.messages, namespace, key, extra ? { ...values, ...extra } : values)
      : key;
}

/** Every public route's `handle`: how it describes itself in <head>. */
export interface PublicRouteHandle {
  head: (input: HeadInput) => PageHead;
  /**
   * Where the header's language switch leads, for a page whose other-language version is not at the same
   * path (a blog post and its translation): given the route's data and the other language.
   */
  otherLanguagePath?: (data: unknown, locale: Locale) => string;
}

/**
 * A handle for a page whose head depends only on the settings; `path` (the English one) may depend on them
 * too. The title and description are `meta.title` and `meta.description` of the page's catalogue.
 */
export function staticHead(
  namespace: Namespace,
  path: string | ((settings: SiteSettings) => string),
  extra: (input: HeadInput) => Partial<PageHead> = () => ({}),
): PublicRouteHandle {
  return {
    head: (input) => {
      // A page that gives its own title or description (one with values of its own) is not asked for ours.
      const own = extra(input);
      return {
        title: own.title ?? input.copy(namespace, 'meta.title'),
        description: own.description ?? input.copy(namespace, 'meta.description'),
        path: typeof path === 'function' ? path(input.settings) : path,
        ...own,
      };
    },
  };
}

function isPublicRouteHandle(handle: unknown): handle is PublicRouteHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as PublicRouteHandle).head === 'function'
  );
}

/** The settings the layout route loaded, when it did. */
export function settingsOfMatches(matches: readonly HeadMatch[]): SiteSettings | null {
  const layout = matches.find((match) => match.id === PUBLIC_LAYOUT_ROUTE_ID);
  return (layout?.data as PublicLayoutData | undefined)?.settings ?? null;
}

function errorHead(
  error: unknown,
  settings: SiteSettings | null,
  matches: readonly { data: unknown }[],
): PageHead {
  const page = pageMessagesOfMatches(matches);
  const copy = headCopy(page, settings ? copyValues(settings) : {});
  const key = isRouteErrorResponse(error) && error.status === 404 ? 'notFound' : 'error';
  return {
    // Without the settings (their loading is what failed) the title goes without the brand.
    title: copy('site', settings ? `${key}.title` : `${key}.heading`),
    description: copy('site', `${key}.description`),
    path: null,
    locale: page?.locale ?? 'en',
  };
}

/**
 * The deepest matched route that declares a head wins; an error shows the error page's head. Routes give
 * English paths: the page's own language's path becomes the canonical one, and every language's version an
 * alternate.
 */
export function resolvePageHead(matches: readonly HeadMatch[], error?: unknown): PageHead {
  const settings = settingsOfMatches(matches);
  if (error !== undefined || settings === null) return errorHead(error, settings, matches);
  const layout = matches.find((match) => match.id === PUBLIC_LAYOUT_ROUTE_ID);
  const contactFacts = (layout?.data as PublicLayoutData | undefined)?.contactFacts ?? NO_CONTACT_FACTS;
  const values = copyValues(settings, contactFacts);
  const page = pageMessagesOfMatches(matches);
  const locale = page?.locale ?? 'en';
  const copy = headCopy(page, values);
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    if (!isPublicRouteHandle(match.handle)) continue;
    const head = match.handle.head({ match, settings, contactFacts, values, locale, copy });
    const path = head.path;
    if (path === null) return { ...head, locale };
    const alternates =
      head.alternates ?? Object.fromEntries(LOCALES.map((each) => [each, localizedPath(each, path)]));
    return { ...head, path: alternates[locale] ?? localizedPath(locale, path), locale, alternates };
  }
  return errorHead(undefined, settings, matches);
}
