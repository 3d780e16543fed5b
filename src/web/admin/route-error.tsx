import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiRequestError, NETWORK_ERROR_STATUS } from '../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { AdminTitle } from './admin-brand.tsx';
import { SCREEN_NOT_AVAILABLE_STATUS } from './guard.ts';
import { NotAvailablePage } from './routes/not-available-page.tsx';

function explain(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === NETWORK_ERROR_STATUS) {
    return 'The server could not be reached. Check your connection and try again.';
  }
  if (isRouteErrorResponse(error)) return `The page answered ${error.status} ${error.statusText}.`;
  // A screen's code is fetched on first visit; after a new release the old file may be gone.
  if (error instanceof TypeError && /import|module/i.test(error.message)) {
    return 'This screen could not be loaded, perhaps because a new version was just published.';
  }
  return 'Something went wrong while showing this page.';
}

export function RouteError() {
  const error = useRouteError();
  return (
    <div role="alert" className="mx-auto max-w-lg p-6 text-center">
      <AdminTitle title="Something went wrong" />
      <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-600">{explain(error)}</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}

/**
 * The error boundary of each signed-in screen, shown inside the layout (the menu stays): the page that says
 * the screen is not for this role, or what went wrong.
 */
export function ScreenError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === SCREEN_NOT_AVAILABLE_STATUS)
    return <NotAvailablePage />;
  return <RouteError />;
}
