import { FileText, Gamepad2, House, type LucideIcon, MessageCircle, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { unlocalizedPath } from '../../../shared/rules/locales.ts';
import type { NavItem } from '../../content/site.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';

const NAV_ICONS: Partial<Record<NavItem['key'], LucideIcon>> = {
  home: House,
  contact: MessageCircle,
  game: Gamepad2,
  terms: FileText,
  privacy: ShieldCheck,
};

export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Whether a link leads to the page shown, in either language. */
function isCurrent(item: NavItem, pathname: string): boolean {
  const path = unlocalizedPath(pathname);
  return item.path === path || (item.alsoActiveOn?.includes(path) ?? false);
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
  const copy = useCopy('site');
  const localize = useLocalize();
  return (
    <ul className={className}>
      {items.map((item) => {
        const current = isCurrent(item, pathname);
        const Icon = NAV_ICONS[item.key] ?? House;
        return (
          <li key={item.key}>
            <Link
              to={localize(item.path)}
              aria-current={current ? 'page' : undefined}
              className={cx(linkClasses.base, FOCUS_RING, current ? linkClasses.current : linkClasses.other)}
            >
              {withIcons && <Icon aria-hidden="true" className="size-5" />}
              {copy(`nav.${item.key}`)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
