import { Contact, Inbox, LayoutDashboard, type LucideIcon, Newspaper, Users } from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Every path showing the same screen (SPEC section 2 keeps the old aliases working). */
  paths: readonly string[];
  /** A count shown beside the label: the number of unread inquiries. */
  badge?: 'unread-inquiries';
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Dashboard',
    to: '/admin/dashboard',
    icon: LayoutDashboard,
    paths: ['/admin', '/admin/dashboard'],
  },
  {
    label: 'Inquiries',
    to: '/admin/inquiries',
    icon: Inbox,
    paths: ['/admin/inquiries', '/admin/dashboard/inquiries'],
    badge: 'unread-inquiries',
  },
  {
    label: 'Add Contact Info',
    to: '/admin/contact',
    icon: Contact,
    paths: ['/admin/contact', '/admin/dashboard/contact', '/ContactAdmin'],
  },
  { label: 'Add Blogs', to: '/admin/blog', icon: Newspaper, paths: ['/admin/blog', '/admin/dashboard/Blog'] },
  { label: 'Users', to: '/admin/users', icon: Users, paths: ['/admin/users', '/UserManagement'] },
];

export function isCurrent(item: NavItem, pathname: string): boolean {
  const here = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return item.paths.some((path) => path.toLowerCase() === here);
}
