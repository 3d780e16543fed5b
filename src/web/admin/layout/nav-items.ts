import {
  Contact,
  History,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MessageSquareText,
  Newspaper,
  ShieldUser,
  Users,
} from 'lucide-react';
import { ADMIN_SCREENS, adminPath } from '../../../shared/pages/admin-paths.ts';
import type { Role } from '../../../shared/rules/roles.ts';
import { canOpen, type SignedInScreen } from '../access.ts';

export interface NavItem {
  label: string;
  screen: SignedInScreen;
  to: string;
  icon: LucideIcon;
  /** Every path showing the same screen: its own, then older aliases that keep working. */
  paths: readonly string[];
  /** A count shown beside the label: the number of unread inquiries. */
  badge?: 'unread-inquiries';
}

function navItem(label: string, screen: SignedInScreen, icon: LucideIcon, badge?: NavItem['badge']): NavItem {
  return {
    label,
    screen,
    to: adminPath(screen),
    icon,
    paths: ADMIN_SCREENS[screen],
    ...(badge ? { badge } : {}),
  };
}

const NAV_ITEMS: readonly NavItem[] = [
  navItem('Dashboard', 'dashboard', LayoutDashboard),
  navItem('Inquiries', 'inquiries', Inbox, 'unread-inquiries'),
  navItem('Reply templates', 'templates', MessageSquareText),
  navItem('Add Contact Info', 'contact', Contact),
  navItem('Add Blogs', 'blog', Newspaper),
  navItem('Members', 'members', Users),
  navItem('Team', 'team', ShieldUser),
  navItem('Audit log', 'auditLog', History),
];

/** The menu of someone with this role: only the screens their role may open. */
export function navItemsFor(role: Role): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => canOpen(role, item.screen));
}

export function isCurrent(item: NavItem, pathname: string): boolean {
  const here = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return item.paths.some((path) => path.toLowerCase() === here);
}
