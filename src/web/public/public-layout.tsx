import {
  FileText,
  Gamepad2,
  House,
  type LucideIcon,
  Menu,
  MessageCircle,
  ShieldCheck,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { buildChannelLink } from '../../shared/rules/channel-links.ts';
import {
  type CopyValues,
  copyValues,
  FOOTER_LINKS,
  fillCopy,
  type NavItem,
  navItems,
  SITE_COPY,
} from '../content/site.ts';
import { applyHead, type PageHead } from '../head.ts';
import { cx } from '../lib/class-names.ts';
import { errorHead, resolvePageHead } from './page-head.ts';
import { ErrorPage } from './pages/error-page.tsx';
import { useOptionalSiteSettings } from './site-settings-data.ts';
import { useScrolledPast, useScrollToTopOnPathChange } from './use-scroll-effects.ts';

const NAV_ICONS: Record<string, LucideIcon> = {
  Home: House,
  Contact: MessageCircle,
  Game: Gamepad2,
  Terms: FileText,
  Privacy: ShieldCheck,
};

const FOCUS_RING = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

function isCurrent(item: NavItem, pathname: string): boolean {
  return item.path === pathname || (item.alsoActiveOn?.includes(pathname) ?? false);
}

function NavItemLink({
  item,
  pathname,
  className,
  children,
}: {
  item: NavItem;
  pathname: string;
  className: (current: boolean) => string;
  children?: ReactNode;
}) {
  const current = isCurrent(item, pathname);
  return (
    <Link to={item.path} aria-current={current ? 'page' : undefined} className={className(current)}>
      {children ?? item.label}
    </Link>
  );
}

/** A slow drift of soft colour behind the pages; CSS only, and still for visitors who ask for less motion. */
function AnimatedBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      <div className="absolute -top-40 -left-32 size-[36rem] rounded-full bg-[radial-gradient(closest-side,rgb(199_210_254/0.55),transparent)] motion-safe:animate-drift" />
      <div className="absolute top-1/3 -right-40 size-[32rem] rounded-full bg-[radial-gradient(closest-side,rgb(167_243_208/0.45),transparent)] motion-safe:animate-drift-slow" />
      <div className="absolute -bottom-48 left-1/4 size-[30rem] rounded-full bg-[radial-gradient(closest-side,rgb(254_215_170/0.35),transparent)] motion-safe:animate-drift" />
    </div>
  );
}

/** The logo (the same drawing as favicon.svg), inline so the header needs no extra request. */
function BrandMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
      <rect width="32" height="32" rx="8" className="fill-indigo-700" />
      <path
        d="M9 11.5C9 9.6 10.6 8 12.5 8h7c1.9 0 3.5 1.6 3.5 3.5v5c0 1.9-1.6 3.5-3.5 3.5H15l-4.2 3.6c-.6.5-1.8.1-1.8-.8V11.5z"
        fill="#fff"
      />
    </svg>
  );
}

function TopNavigation({ items, pathname }: { items: readonly NavItem[]; pathname: string }) {
  return (
    <nav aria-label={SITE_COPY.mainNavLabel} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => (
          <li key={item.label}>
            <NavItemLink
              item={item}
              pathname={pathname}
              className={(current) =>
                cx(
                  'rounded-full px-3.5 py-2 text-sm font-medium transition-colors',
                  FOCUS_RING,
                  current
                    ? 'bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Small screens: a menu button revealing the five links. It closes on navigation, on Escape (focus goes
 * back to the button) and on a tap outside the header.
 */
function useMobileMenu(pathname: string) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return { open, toggle: () => setOpen((value) => !value), buttonRef, containerRef };
}

function SiteHeader({ settings, items }: { settings: SiteSettings | null; items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast();
  const menu = useMobileMenu(pathname);
  const menuId = useId();

  return (
    <header
      ref={menu.containerRef}
      data-scrolled={scrolled}
      className={cx(
        'sticky top-0 z-30 border-b transition-[background-color,box-shadow,border-color] duration-300',
        scrolled || menu.open
          ? 'border-slate-200 bg-white/90 shadow-md shadow-slate-900/5 backdrop-blur-md'
          : 'border-transparent bg-transparent',
      )}
    >
      <div
        className={cx(
          'mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 transition-[padding] duration-300',
          scrolled ? 'py-2' : 'py-3 md:py-4',
        )}
      >
        <Link
          to="/"
          aria-label={
            settings
              ? fillCopy(SITE_COPY.homeLinkLabel, copyValues(settings))
              : SITE_COPY.homeLinkFallbackLabel
          }
          className={cx(
            'flex min-w-0 items-center gap-2 rounded-lg text-lg font-bold text-slate-900',
            FOCUS_RING,
          )}
        >
          <BrandMark />
          {settings && <span className="truncate">{settings.brandName}</span>}
        </Link>
        <TopNavigation items={items} pathname={pathname} />
        <div className="flex items-center gap-2">
          <Link
            to="/contact"
            className={cx(
              'rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold tracking-wide whitespace-nowrap text-white shadow-sm shadow-indigo-700/30 transition-colors hover:bg-indigo-800',
              FOCUS_RING,
            )}
          >
            {SITE_COPY.getStarted}
          </Link>
          <button
            ref={menu.buttonRef}
            type="button"
            aria-expanded={menu.open}
            aria-controls={menuId}
            aria-label={menu.open ? SITE_COPY.menuButtonClose : SITE_COPY.menuButtonOpen}
            onClick={menu.toggle}
            className={cx(
              'inline-flex size-10 items-center justify-center rounded-full text-slate-700 ring-1 ring-slate-200 hover:bg-slate-100 md:hidden',
              FOCUS_RING,
            )}
          >
            {menu.open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={SITE_COPY.menuNavLabel}
        hidden={!menu.open}
        className="border-t border-slate-200 bg-white md:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {items.map((item) => {
            const Icon = NAV_ICONS[item.label] ?? House;
            return (
              <li key={item.label}>
                <NavItemLink
                  item={item}
                  pathname={pathname}
                  className={(current) =>
                    cx(
                      'flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium',
                      FOCUS_RING,
                      current ? 'bg-indigo-50 text-indigo-700' : 'text-slate-800 hover:bg-slate-100',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {item.label}
                </NavItemLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}

/** Small screens: the same five links as a fixed tab bar at the bottom (SPEC section 2). */
function BottomTabBar({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={SITE_COPY.mainNavLabel}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-5">
        {items.map((item) => {
          const Icon = NAV_ICONS[item.label] ?? House;
          return (
            <li key={item.label}>
              <NavItemLink
                item={item}
                pathname={pathname}
                className={(current) =>
                  cx(
                    'flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
                    FOCUS_RING,
                    current ? 'text-indigo-700' : 'text-slate-600 hover:text-slate-900',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5" />
                {item.label}
              </NavItemLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SiteFooter({ settings, values }: { settings: SiteSettings | null; values: CopyValues }) {
  const year = String(new Date().getFullYear());
  const phoneHref = settings && buildChannelLink('phone', settings.supportPhone);
  const emailHref = settings && buildChannelLink('email', settings.supportEmail);
  const linkClasses = cx('rounded hover:text-slate-900 hover:underline', FOCUS_RING);
  return (
    <footer className="border-t border-slate-200 bg-white/80 backdrop-blur">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-600 md:grid-cols-[1fr_auto]">
        <div className="space-y-2">
          {settings && <p className="text-base font-semibold text-slate-900">{settings.brandName}</p>}
          <p>{SITE_COPY.footerTagline}</p>
          {settings && (
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              {phoneHref && (
                <a href={phoneHref} className={linkClasses}>
                  {settings.supportPhone}
                </a>
              )}
              {emailHref && (
                <a href={emailHref} className={linkClasses}>
                  {settings.supportEmail}
                </a>
              )}
            </p>
          )}
        </div>
        <nav aria-label={SITE_COPY.footerNavLabel}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 md:justify-end">
            {FOOTER_LINKS.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={linkClasses}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {settings && (
          <div className="space-y-1 border-t border-slate-200 pt-6 text-xs text-slate-500 md:col-span-2">
            <p>{fillCopy(SITE_COPY.footerIndependence, values)}</p>
            <p>{fillCopy(SITE_COPY.footerRights, { ...values, year })}</p>
          </div>
        )}
      </div>
    </footer>
  );
}

/** The chrome of every public page (header, navigation, footer) around its content. */
function PublicShell({ settings, children }: { settings: SiteSettings | null; children: ReactNode }) {
  useScrollToTopOnPathChange();
  const items = useMemo(() => navItems(settings), [settings]);
  const values = useMemo(() => (settings ? copyValues(settings) : {}), [settings]);

  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-slate-50 pb-16 text-slate-900 md:pb-0">
      <AnimatedBackground />
      <a
        href="#main"
        className="sr-only z-40 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {SITE_COPY.skipToContent}
      </a>
      <SiteHeader settings={settings} items={items} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter settings={settings} values={values} />
      <BottomTabBar items={items} />
    </div>
  );
}

/** Keeps <head> in line with the page after client navigations (the server wrote it for the first one). */
function useHead(head: PageHead): void {
  useEffect(() => applyHead(head), [head]);
}

/** The layout route (id `public`): the chrome, with the settings its loader brought. */
export function PublicLayout() {
  return (
    <PublicShell settings={useOptionalSiteSettings()}>
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
