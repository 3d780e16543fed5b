import { Contact, Inbox, LayoutDashboard, type LucideIcon, Newspaper, Users } from 'lucide-react';
import { ADMIN_SCREENS, type AdminScreenId, adminPath } from '../../../shared/pages/admin-paths.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Every path showing the same screen (SPEC section 2 keeps the old aliases working). */
  paths: readonly string[];
  /** A count shown beside the label: the number of unread inquiries. */
  badge?: 'unread-inquiries';
}

function navItem(label: string, screen: AdminScreenId, icon: LucideIcon, badge?: NavItem['badge']): NavItem {
  return { label, to: adminPath(screen), icon, paths: ADMIN_SCREENS[screen], ...(badge ? { badge } : {}) };
}

export const NAV_ITEMS: readonly NavItem[] = [
  navItem('Dashboard', 'dashboard', LayoutDashboard),
  navItem('Inquiries', 'inquiries', Inbox, 'unread-inquiries'),
  navItem('Add Contact Info', 'contact', Contact),
  navItem('Add Blogs', 'blog', Newspaper),
  navItem('Users', 'users', Users),
];

export function isCurrent(item: NavItem, pathname: string): boolean {
  const here = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return item.paths.some((path) => path.toLowerCase() === here);
}
