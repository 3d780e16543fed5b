import { FileText, Gamepad2, House, type LucideIcon, MessageCircle, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, NavLink, Outlet, useMatches, useRouteError } from 'react-router';
import { fillCopy, NAV_ITEMS, SITE_COPY } from '../content/site.ts';
import { applyHead, type PageHead } from '../head.ts';
import { cx } from '../lib/class-names.ts';
import { resolvePageHead } from './page-head.ts';
import { ErrorPage } from './pages/error-page.tsx';
import { useScrolledPast, useScrollToTopOnPathChange } from './use-scroll-effects.ts';

const NAV_ICONS: Record<string, LucideIcon> = {
  '/': House,
  '/contact': MessageCircle,
  '/tictactoe': Gamepad2,
  '/terms': FileText,
  '/privacy': ShieldCheck,
};

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

function TopNavigation() {
  return (
    <nav aria-label={SITE_COPY.mainNavLabel} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              end={item.path === '/'}
              className={({ isActive }) =>
                cx(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  FOCUS_RING,
                  isActive
                    ? 'bg-indigo-50 text-indigo-700'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Small screens: the same five links as a fixed tab bar at the bottom (SPEC section 2). */
function BottomTabBar() {
  return (
    <nav
      aria-label={SITE_COPY.mainNavLabel}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {NAV_ITEMS.map((item) => {
          const Icon = NAV_ICONS[item.path] ?? House;
          return (
            <li key={item.path}>
              <NavLink
                to={item.path}
                end={item.path === '/'}
                className={({ isActive }) =>
                  cx(
                    'flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
                    FOCUS_RING,
                    isActive ? 'text-indigo-700' : 'text-slate-600 hover:text-slate-900',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The logo (the same drawing as favicon.svg), inline so the header needs no extra request. */
function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
      <rect width="32" height="32" rx="7" className="fill-indigo-700" />
      <path
        d="M9 11.5C9 9.6 10.6 8 12.5 8h7c1.9 0 3.5 1.6 3.5 3.5v5c0 1.9-1.6 3.5-3.5 3.5H15l-4.2 3.6c-.6.5-1.8.1-1.8-.8V11.5z"
        fill="#fff"
      />
    </svg>
  );
}

function SiteHeader() {
  const scrolled = useScrolledPast();
  return (
    <header
      className={cx(
        'sticky top-0 z-20 border-b transition-colors',
        scrolled ? 'border-slate-200 bg-white/95 shadow-sm backdrop-blur' : 'border-transparent bg-slate-50',
      )}
    >
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
        <Link
          to="/"
          aria-label={fillCopy(SITE_COPY.homeLinkLabel)}
          className={cx('flex items-center gap-2 rounded-md text-lg font-bold text-slate-900', FOCUS_RING)}
        >
          <BrandMark />
          {fillCopy('{brand}')}
        </Link>
        <TopNavigation />
        <Link
          to="/contact"
          className={cx(
            'rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold tracking-wide text-white shadow-sm hover:bg-indigo-800',
            FOCUS_RING,
          )}
        >
          {SITE_COPY.getStarted}
        </Link>
      </div>
    </header>
  );
}

function SiteFooter() {
  const year = String(new Date().getFullYear());
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold text-slate-900">{fillCopy('{brand}')}</p>
          <p>{SITE_COPY.footerTagline}</p>
        </div>
        <nav aria-label={SITE_COPY.footerNavLabel}>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {NAV_ITEMS.filter((item) => item.path !== '/').map((item) => (
              <li key={item.path}>
                <Link
                  to={item.path}
                  className={cx('rounded hover:text-slate-900 hover:underline', FOCUS_RING)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{fillCopy(SITE_COPY.footerRights, { year })}</p>
      </div>
    </footer>
  );
}

/** The chrome of every public page (header, navigation, footer) around its content. */
function PublicShell({ head, children }: { head: PageHead; children: ReactNode }) {
  useScrollToTopOnPathChange();
  const { title, description, path, type } = head;
  useEffect(() => applyHead({ title, description, path, type }), [title, description, path, type]);

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 pb-16 text-slate-900 md:pb-0">
      <a
        href="#main"
        className="sr-only z-30 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {SITE_COPY.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <BottomTabBar />
    </div>
  );
}

export function PublicLayout() {
  const head = resolvePageHead(useMatches());
  return (
    <PublicShell head={head}>
      <Outlet />
    </PublicShell>
  );
}

/** Unknown paths and failed loaders still get the site's chrome, with a page saying what happened. */
export function PublicErrorBoundary() {
  const error = useRouteError();
  return (
    <PublicShell head={resolvePageHead([], error)}>
      <ErrorPage error={error} />
    </PublicShell>
  );
}
