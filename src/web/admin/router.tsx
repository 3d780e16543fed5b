import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ADMIN_APP_ROOTS, ADMIN_SCREENS, type AdminScreenId } from '../../shared/pages/admin-paths.ts';
import { isPublicScreen, type SignedInScreen } from './access.ts';
import { loginLoader, requireAdminLoader, screenAccessLoader } from './guard.ts';
import { LOGIN_PATH } from './paths.ts';
import { RootLayout, SessionCheck } from './root-layout.tsx';
import { RouteError, ScreenError } from './route-error.tsx';
import { SIGNED_IN_LAYOUT_ROUTE_ID } from './signed-in-admin.ts';

type PageModule = () => Promise<{ Component: ComponentType }>;

const layout: PageModule = () =>
  import('./layout/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout }));
const notFound: PageModule = () =>
  import('./routes/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }));

// Every screen is its own chunk; a screen reached by several paths (older aliases) is loaded once.
const screens = {
  login: () => import('./routes/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  invitation: () => import('./routes/invitation-page.tsx').then((m) => ({ Component: m.InvitationPage })),
  dashboard: () => import('./routes/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  inquiries: () => import('./routes/inquiries-page.tsx').then((m) => ({ Component: m.InquiriesPage })),
  templates: () =>
    import('./routes/reply-templates-page.tsx').then((m) => ({ Component: m.ReplyTemplatesPage })),
  contact: () =>
    import('./routes/contact-channels-page.tsx').then((m) => ({ Component: m.ContactChannelsPage })),
  blog: () => import('./routes/blog-page.tsx').then((m) => ({ Component: m.BlogPage })),
  members: () => import('./routes/members-page.tsx').then((m) => ({ Component: m.MembersPage })),
  profile: () => import('./routes/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  settings: () => import('./routes/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  team: () => import('./routes/team-page.tsx').then((m) => ({ Component: m.TeamPage })),
  auditLog: () => import('./routes/audit-log-page.tsx').then((m) => ({ Component: m.AuditLogPage })),
} satisfies Record<AdminScreenId, PageModule>;

const SIGNED_IN_SCREENS = (Object.keys(ADMIN_SCREENS) as AdminScreenId[]).filter(
  (screen): screen is SignedInScreen => !isPublicScreen(screen),
);

/**
 * A route for each path of the screen (admin-paths.ts), all loading its one chunk; a role that may not use
 * the screen gets the "not available" page in its place (guard.ts), inside the layout.
 */
const screenRoutes =
  (queryClient: QueryClient) =>
  (screen: SignedInScreen): RouteObject[] =>
    ADMIN_SCREENS[screen].map((path) => ({
      path,
      loader: screenAccessLoader(queryClient, screen),
      lazy: screens[screen],
      ErrorBoundary: ScreenError,
    }));

function adminRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: SessionCheck,
      ErrorBoundary: RouteError,
      children: [
        { path: LOGIN_PATH, loader: loginLoader(queryClient), lazy: screens.login },
        // Opened by someone without a password yet: no session is asked for.
        ...ADMIN_SCREENS.invitation.map((path) => ({ path, lazy: screens.invitation })),
        {
          id: SIGNED_IN_LAYOUT_ROUTE_ID,
          loader: requireAdminLoader(queryClient),
          // Ask the server again on every navigation (answered from cache while fresh).
          shouldRevalidate: () => true,
          lazy: layout,
          ErrorBoundary: RouteError,
          children: [
            ...SIGNED_IN_SCREENS.flatMap(screenRoutes(queryClient)),
            ...ADMIN_APP_ROOTS.map((root) => ({ path: `${root}/*`, lazy: notFound })),
          ],
        },
      ],
    },
  ];
}

export function createAdminRouter(queryClient: QueryClient) {
  return createBrowserRouter(adminRoutes(queryClient));
}
