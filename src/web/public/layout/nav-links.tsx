import { FileText, Gamepad2, House, type LucideIcon, MessageCircle, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { NavItem } from '../../content/site.ts';
import { cx } from '../../lib/class-names.ts';

const NAV_ICONS: Record<string, LucideIcon> = {
  Home: House,
  Contact: MessageCircle,
  Game: Gamepad2,
  Terms: FileText,
  Privacy: ShieldCheck,
};

export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

function isCurrent(item: NavItem, pathname: string): boolean {
  return item.path === pathname || (item.alsoActiveOn?.includes(pathname) ?? false);
}

/**
 * The navigation's links as a list, the current page's marked: the header's bar, its menu on small screens
 * and the bottom tab bar (those two with icons).
 */
export function NavLinkList({
  items,
  pathname,
  className,
  linkClasses,
  withIcons = false,
}: {
  items: readonly NavItem[];
  pathname: string;
  className: string;
  /** A link's classes: `base` on every link, then `current` or `other`. */
  linkClasses: { base: string; current: string; other: string };
  withIcons?: boolean;
}) {
  return (
    <ul className={className}>
      {items.map((item) => {
        const current = isCurrent(item, pathname);
        const Icon = NAV_ICONS[item.label] ?? House;
        return (
          <li key={item.label}>
            <Link
              to={item.path}
              aria-current={current ? 'page' : undefined}
              className={cx(linkClasses.base, FOCUS_RING, current ? linkClasses.current : linkClasses.other)}
            >
              {withIcons && <Icon aria-hidden="true" className="size-5" />}
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
