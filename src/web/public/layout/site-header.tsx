import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { smallestUploadUrl } from '../../../shared/rules/upload-addresses.ts';
import type { NavItem } from '../../content/site.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { useScrolledPast } from '../use-scroll-effects.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { FOCUS_RING, NavLinkList } from './nav-links.tsx';

/**
 * The brand's uploaded logo, in its smallest size (the header shows it 32 px square), named by the brand as a
 * logo's text alternative is; without one, the drawn mark.
 */
function BrandLogo({ settings }: { settings: SiteSettings | null }) {
  return settings?.logo ? (
    <img
      src={smallestUploadUrl(settings.logo)}
      alt={settings.brandName}
      width={32}
      height={32}
      className="size-8 shrink-0 rounded-lg object-contain"
    />
  ) : (
    <BrandMark />
  );
}

/** The default mark, inline so the header needs no extra request. */
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

/** The sticky header: the brand, the navigation (a menu on small screens) and the call to action. */
export function SiteHeader({
  settings,
  items,
}: {
  settings: SiteSettings | null;
  items: readonly NavItem[];
}) {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast();
  const menu = useMobileMenu(pathname);
  const menuId = useId();
  const copy = useCopy('site');
  const localize = useLocalize();

  return (
    <header
      ref={menu.containerRef}
      data-scrolled={scrolled}
      // Its looks are in the public stylesheet: opaque over the page, or over the open menu.
      data-solid={scrolled || menu.open}
      className="site-header"
    >
      {/* The style change keeps the header's height: a header that shrank moved the page up, the browser's
          scroll anchoring moved the scroll back above 20 px, and the header grew again, in a loop. */}
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Link
          to={localize('/')}
          aria-label={settings ? copy('homeLinkLabel') : copy('homeLinkFallbackLabel')}
          className={cx(
            'flex min-w-0 items-center gap-2 rounded-lg text-lg font-bold text-slate-900',
            FOCUS_RING,
          )}
        >
          <BrandLogo settings={settings} />
          {settings && <span className="truncate">{settings.brandName}</span>}
        </Link>
        <nav aria-label={copy('mainNavLabel')} className="hidden md:block">
          <NavLinkList
            items={items}
            pathname={pathname}
            className="flex items-center gap-1"
            linkClassName="nav-link-bar"
          />
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitch className="hidden rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 sm:inline-block" />
          <Link
            to={localize('/contact')}
            className={cx(
              'rounded-full bg-indigo-700 px-4 py-2 text-sm font-semibold tracking-wide whitespace-nowrap text-white shadow-sm shadow-indigo-700/30 transition-colors hover:bg-indigo-800',
              FOCUS_RING,
            )}
          >
            {copy('getStarted')}
          </Link>
          <button
            ref={menu.buttonRef}
            type="button"
            aria-expanded={menu.open}
            aria-controls={menuId}
            aria-label={menu.open ? copy('menuButtonClose') : copy('menuButtonOpen')}
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
        aria-label={copy('menuNavLabel')}
        hidden={!menu.open}
        className="border-t border-slate-200 bg-white md:hidden"
      >
        <NavLinkList
          items={items}
          pathname={pathname}
          withIcons
          className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3"
          linkClassName="nav-link-menu"
        />
        <div className="mx-auto max-w-6xl px-4 pb-4">
          <LanguageSwitch className="inline-block rounded-full px-4 py-2 text-base font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50" />
        </div>
      </nav>
    </header>
  );
}
