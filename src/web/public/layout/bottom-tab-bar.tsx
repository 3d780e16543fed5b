import { useLocation } from 'react-router';
import type { NavItem } from '../../content/site.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { NavLinkList } from './nav-links.tsx';

/** Small screens: the same five links as a fixed tab bar at the bottom (SPEC section 2). */
export function BottomTabBar({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const copy = useCopy('site');
  return (
    <nav
      aria-label={copy('mainNavLabel')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <NavLinkList
        items={items}
        pathname={pathname}
        withIcons
        className="mx-auto grid max-w-md grid-cols-5"
        linkClasses={{
          base: 'flex flex-col items-center gap-0.5 py-2 text-xs font-medium',
          current: 'text-indigo-700',
          other: 'text-slate-600 hover:text-slate-900',
        }}
      />
    </nav>
  );
}
