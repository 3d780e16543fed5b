import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingState } from '../ui/loading-state.tsx';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown on first load while the server is asked whether this browser is signed in. */
export function SessionCheck() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <LoadingState label="Checking your session..." />
    </div>
  );
}
