import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { Role } from '../../../shared/rules/roles.ts';
import { useInquiryStats } from '../../features/contact-inquiries/api.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { AdminBrandLogo, useAdminName } from '../admin-brand.tsx';
import { isCurrent, navItemsFor } from './nav-items.ts';

export interface SidebarProps {
  id: string;
  /** The signed-in user's role: the menu lists only the screens it may use. */
  role: Role;
  open: boolean;
  /** On narrow screens the sidebar floats over the page instead of sitting beside it. */
  overlay: boolean;
  onClose: () => void;
}

/** Beyond this the badge shows "99+"; the exact number is in its accessible label. */
const BADGE_MAX = 99;

/** The unread count beside Inquiries; the same query as the inbox's cards, so both change together. */
function UnreadBadge({ current }: { current: boolean }) {
  const { data } = useInquiryStats();
  const unread = data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span
      className={cx(
        'ml-auto min-w-6 rounded-full px-2 py-0.5 text-center text-xs font-semibold tabular-nums',
        current ? 'bg-white text-indigo-700' : 'bg-blue-500 text-white',
      )}
    >
      <span aria-hidden="true">{unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}</span>
      <span className="sr-only">{`${unread.toLocaleString()} unread`}</span>
    </span>
  );
}

export function Sidebar({ id, role, open, overlay, onClose }: SidebarProps) {
  const { pathname } = useLocation();
  const adminName = useAdminName();
  const firstLinkRef = useRef<HTMLAnchorElement>(null);

  const wasOpen = useRef(open);

  // Opened as an overlay, the menu takes focus so a keyboard user lands in it.
  useEffect(() => {
    if (open && !wasOpen.current && overlay) firstLinkRef.current?.focus();
    wasOpen.current = open;
  }, [open, overlay]);

  return (
    <aside
      id={id}
      aria-label="Admin menu"
      inert={!open}
      className={cx(
        'fixed inset-y-0 left-0 z-40 flex w-72 flex-col bg-slate-900 text-slate-100 shadow-xl transition-transform duration-200',
        open ? 'translate-x-0' : '-translate-x-full',
      )}
    >
      <div className="flex h-16 items-center justify-between border-b border-slate-800 px-4">
        <span className="flex min-w-0 items-center gap-2">
          <AdminBrandLogo />
          <span className="truncate text-lg font-bold tracking-tight">{adminName}</span>
        </span>
        {overlay && (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Close menu"
            className="text-slate-300 hover:bg-slate-800 hover:text-white"
            onClick={onClose}
          >
            <X aria-hidden="true" className="size-5" />
          </Button>
        )}
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {navItemsFor(role).map((item, index) => {
            const current = isCurrent(item, pathname);
            const Icon = item.icon;
            return (
              <li key={item.to}>
                <Link
                  ref={index === 0 ? firstLinkRef : undefined}
                  to={item.to}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
                    current
                      ? 'bg-indigo-700 text-white'
                      : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5" />
                  {item.label}
                  {item.badge === 'unread-inquiries' && <UnreadBadge current={current} />}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
