import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { canUse } from '../../../shared/rules/roles.ts';
import { useCurrentAdmin } from '../../features/admin-auth/api.ts';
import { ReauthenticationPrompt } from '../../features/admin-auth/reauthentication-prompt.tsx';
import { SignInNotice } from '../../features/admin-auth/sign-in-notice.tsx';
import { useInquiryStats } from '../../features/contact-inquiries/api.ts';
import { useLiveInquiries } from '../../features/live-events/use-live-inquiries.ts';
import { SiteTimeZone } from '../../features/site-settings/site-time-zone.tsx';
import { isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { UnreadInquiriesContext } from '../admin-brand.tsx';
import { loginPathFor } from '../paths.ts';
import { useSignedInAdmin } from '../signed-in-admin.ts';
import { PasswordToChangeNotice } from './password-to-change-notice.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useMediaQuery } from './use-media-query.ts';

const SIDEBAR_ID = 'admin-sidebar';
/** Below this width the sidebar closes by itself and floats over the page when opened. */
const WIDE_SCREEN_QUERY = '(min-width: 768px)';

export function AdminLayout() {
  const me = useCurrentAdmin();
  const admin = useSignedInAdmin();
  // The unread count (tab title, menu badge) and the live stream are the inbox's: the server refuses them
  // to a role without it, so they are not asked for.
  const inbox = canUse(admin.role, 'inbox');
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [open, setOpen] = useState(wide);
  const location = useLocation();
  const navigate = useNavigate();
  const overlay = !wide;
  const unread = useInquiryStats({ enabled: inbox }).data?.unread;
  const liveAnnouncement = useLiveInquiries({ enabled: inbox });

  // Open by default on wide screens; closes by itself when the window narrows below 768 px.
  useEffect(() => setOpen(wide), [wide]);

  // On a phone the menu covers the page, so following a link closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, which pathname stands for
  useEffect(() => {
    if (overlay) setOpen(false);
  }, [location.pathname]);

  // Coming back to the tab after the session ended (idle timeout) shows the login page at once.
  useEffect(() => {
    if (isSessionError(me.error)) {
      void navigate(loginPathFor(location.pathname + location.search), { replace: true });
    }
  }, [me.error, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (!(open && overlay)) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        document.querySelector<HTMLButtonElement>(`[aria-controls="${SIDEBAR_ID}"]`)?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, overlay]);

  return (
    <UnreadInquiriesContext value={inbox ? unread : undefined}>
      <div className="min-h-dvh bg-slate-50">
        <div role="status" className="sr-only">
          {liveAnnouncement}
        </div>
        <a
          href="#admin-main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Sidebar
          id={SIDEBAR_ID}
          role={admin.role}
          open={open}
          overlay={overlay}
          onClose={() => setOpen(false)}
        />
        {open && overlay && (
          // A click outside the menu closes it; keyboard users have Escape and the Close button.
          <div
            aria-hidden="true"
            className="fixed inset-0 z-30 bg-slate-900/40"
            onClick={() => setOpen(false)}
          />
        )}
        <div
          className={cx(
            'flex min-h-dvh flex-col transition-[padding] duration-200',
            open && !overlay && 'pl-72',
          )}
        >
          <TopBar
            admin={admin}
            sidebarId={SIDEBAR_ID}
            sidebarOpen={open}
            onToggleSidebar={() => setOpen((value) => !value)}
          />
          <main id="admin-main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
            <SiteTimeZone>
              <SignInNotice />
              <PasswordToChangeNotice />
              <Outlet />
            </SiteTimeZone>
          </main>
          <ReauthenticationPrompt email={admin.email} />
        </div>
      </div>
    </UnreadInquiriesContext>
  );
}
