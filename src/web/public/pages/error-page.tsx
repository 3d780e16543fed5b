import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';

const LINK_CLASSES =
  'rounded-full px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const copy = useCopy('site');
  const localize = useLocalize();
  const { pathname, search } = useLocation();
  const key = notFound ? 'notFound' : 'error';
  return (
    <section aria-labelledby="error-heading" className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <h1 id="error-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {copy(`${key}.heading`)}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{copy(`${key}.body`)}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        {notFound ? (
          <>
            <Link
              to={localize('/')}
              className={`${LINK_CLASSES} bg-indigo-700 text-white hover:bg-indigo-800`}
            >
              {copy('notFound.homeLink')}
            </Link>
            <Link
              to={localize('/contact')}
              className={`${LINK_CLASSES} bg-white text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50`}
            >
              {copy('notFound.contactLink')}
            </Link>
          </>
        ) : (
          // The failed page, asked of the server again: a link, which works without script too. A path that
          // begins with `//` would be another host's address: it is kept on this site.
          <a
            href={`/${pathname.replace(/^\/+/, '')}${search}`}
            className={`${LINK_CLASSES} bg-indigo-700 text-white hover:bg-indigo-800`}
          >
            {copy('error.retry')}
          </a>
        )}
      </div>
    </section>
  );
}
