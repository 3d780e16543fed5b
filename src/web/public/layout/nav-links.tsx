import {
  FileText,
  Gamepad2,
  House,
  type LucideIcon,
  MessageCircle,
  Newspaper,
  ShieldCheck,
} from 'lucide-react';
import { Link } from 'react-router';
import { unlocalizedPath } from '../../../shared/rules/locales.ts';
import type { NavItem } from '../../content/site.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';

const NAV_ICONS: Partial<Record<NavItem['key'], LucideIcon>> = {
  home: House,
  contact: MessageCircle,
  blog: Newspaper,
  game: Gamepad2,
  terms: FileText,
  privacy: ShieldCheck,
};

export const FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Whether a link leads to the page shown or one below it (a post under the blog), in either language. */
function isCurrent(item: NavItem, pathname: string): boolean {
  const path = unlocalizedPath(pathname);
  return (
    item.path === path || path.startsWith(`${item.path}/`) || (item.alsoActiveOn?.includes(path) ?? false)
  );
}

/**
 * The navigation's links as a list, the current page's marked: the header's bar, its menu on small screens
 * and the bottom tab bar (those two with icons).
 */
export function NavLinkList({
  items,
  pathname,
  className,
  linkClassName,
  withIcons = false,
}: {
  items: readonly NavItem[];
  pathname: string;
  className: string;
  /** The links' look: a class of the public stylesheet, which marks the current page's by its aria-current. */
  linkClassName: 'nav-link-bar' | 'nav-link-menu' | 'nav-link-tab';
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
              className={cx(linkClassName, FOCUS_RING)}
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
