import { isRouteErrorResponse, type Params } from 'react-router';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { type ContactFacts, NO_CONTACT_FACTS } from '../../shared/rules/contact-facts.ts';
import { ERROR_COPY, NOT_FOUND_COPY, type PageMeta } from '../content/pages.ts';
import { type CopyValues, copyValues, fillCopy } from '../content/site.ts';
import type { PageHead } from '../head.ts';
import { PUBLIC_LAYOUT_ROUTE_ID, type PublicLayoutData } from './site-settings-data.ts';

/** The part of a route match that decides the page's head: the same shape on the server and in the browser. */
export interface HeadMatch {
  id: string;
  handle: unknown;
  data: unknown;
  params: Params;
}

/** What a route's head is computed from: its own match, the site settings and the contact facts. */
export interface HeadInput {
  match: HeadMatch;
  settings: SiteSettings;
  contactFacts: ContactFacts;
  values: CopyValues;
}

/** Every public route's `handle`: how it describes itself in <head>. */
export interface PublicRouteHandle {
  head: (input: HeadInput) => PageHead;
}

/** A handle for a page whose head depends only on the settings; `path` may depend on them too. */
export function staticHead(
  meta: PageMeta,
  path: string | ((settings: SiteSettings) => string),
  extra: (input: HeadInput) => Partial<PageHead> = () => ({}),
): PublicRouteHandle {
  return {
    head: (input) => ({
      title: fillCopy(meta.title, input.values),
      description: fillCopy(meta.description, input.values),
      path: typeof path === 'function' ? path(input.settings) : path,
      ...extra(input),
    }),
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

export function errorHead(error: unknown, settings: SiteSettings | null): PageHead {
  const copy = isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_COPY : ERROR_COPY;
  return {
    // Without the settings (their loading is what failed) the title goes without the brand.
    title: settings ? fillCopy(copy.meta.title, copyValues(settings)) : copy.heading,
    description: copy.meta.description,
    path: null,
  };
}

/** The deepest matched route that declares a head wins; an error shows the error page's head. */
export function resolvePageHead(matches: readonly HeadMatch[], error?: unknown): PageHead {
  const settings = settingsOfMatches(matches);
  if (error !== undefined || settings === null) return errorHead(error, settings);
  const layout = matches.find((match) => match.id === PUBLIC_LAYOUT_ROUTE_ID);
  const contactFacts = (layout?.data as PublicLayoutData | undefined)?.contactFacts ?? NO_CONTACT_FACTS;
  const values = copyValues(settings, contactFacts);
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    if (isPublicRouteHandle(match.handle))
      return match.handle.head({ match, settings, contactFacts, values });
  }
  return errorHead(undefined, settings);
}
