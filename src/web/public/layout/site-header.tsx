import { Menu, X } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { smallestUploadUrl } from '../../../shared/rules/upload-addresses.ts';
import type { NavItem } from '../../content/site.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
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
 * The sticky header: the brand, the navigation (a menu on small screens) and the call to action. Its
 * behaviour is plain script on the markup (page-behaviours.ts): the opaque style past 20 px of scroll, and the
 * menu button's name. The menu is a popover, so the browser opens and closes it, also without script, on
 * Escape (focus back on the button) and on a tap outside it.
 */
export function SiteHeader({
  settings,
  items,
}: {
  settings: SiteSettings | null;
  items: readonly NavItem[];
}) {
  const { pathname } = useLocation();
  const menuId = useId();
  const copy = useCopy('site');
  const localize = useLocalize();

  return (
    // Its looks are in the public stylesheet: opaque once scrolled (the script keeps `data-scrolled`) or
    // over the open menu.
    <header data-scrolled="false" className="site-header">
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
          <LanguageSwitch className="language-switch hidden px-3 text-sm whitespace-nowrap sm:inline-block" />
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
            type="button"
            popoverTarget={menuId}
            aria-controls={menuId}
            aria-label={copy('menuButtonOpen')}
            data-close-label={copy('menuButtonClose')}
            className="menu-button"
          >
            <Menu aria-hidden="true" />
            <X aria-hidden="true" />
          </button>
        </div>
      </div>
      <nav id={menuId} popover="auto" aria-label={copy('menuNavLabel')} className="site-menu md:hidden">
        <NavLinkList
          items={items}
          pathname={pathname}
          withIcons
          className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3"
          linkClassName="nav-link-menu"
        />
        <div className="mx-auto max-w-6xl px-4 pb-4">
          <LanguageSwitch className="language-switch inline-block px-4 text-base" />
        </div>
      </nav>
    </header>
  );
}
