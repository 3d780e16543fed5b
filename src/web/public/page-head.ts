import { isRouteErrorResponse, type Params } from 'react-router';
import { ERROR_COPY, NOT_FOUND_COPY, type PageMeta } from '../content/pages.ts';
import { fillCopy } from '../content/site.ts';
import type { PageHead } from '../head.ts';

/** The part of a route match that decides the page's head: the same shape on the server and in the browser. */
export interface HeadMatch {
  handle: unknown;
  data: unknown;
  params: Params;
}

/** Every public route's `handle`: how it describes itself in <head>. */
export interface PublicRouteHandle {
  head: (match: HeadMatch) => PageHead;
}

/** A handle for a page whose head does not depend on its data. */
export function staticHead(meta: PageMeta, path: string): PublicRouteHandle {
  return { head: () => ({ title: fillCopy(meta.title), description: fillCopy(meta.description), path }) };
}

function isPublicRouteHandle(handle: unknown): handle is PublicRouteHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as PublicRouteHandle).head === 'function'
  );
}

export function errorHead(error: unknown): PageHead {
  const meta = isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_COPY.meta : ERROR_COPY.meta;
  return { title: fillCopy(meta.title), description: fillCopy(meta.description), path: null };
}

/** The deepest matched route that declares a head wins; an error shows the error page's head. */
export function resolvePageHead(matches: readonly HeadMatch[], error?: unknown): PageHead {
  if (error !== undefined) return errorHead(error);
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    if (isPublicRouteHandle(match.handle)) return match.handle.head(match);
  }
  return errorHead(undefined);
}
