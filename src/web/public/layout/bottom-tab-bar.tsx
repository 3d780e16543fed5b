import { useLocation } from 'react-router';
import type { NavItem } from '../../content/site.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { NavLinkList } from './nav-links.tsx';

/** Small screens: the navigation's links as a fixed tab bar at the bottom (decision 054). */
export function BottomTabBar({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const copy = useCopy('site');
  return (
    <nav
      aria-label={copy('mainNavLabel')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      {/* One column a link: six at 360 px are 60 px wide each, above the 44 px a finger needs. */}
      <NavLinkList
        items={items}
        pathname={pathname}
        withIcons
        className="mx-auto grid max-w-md grid-cols-6"
        linkClassName="nav-link-tab"
      />
    </nav>
  );
}
