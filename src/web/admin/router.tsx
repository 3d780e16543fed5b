import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loginLoader, requireAdminLoader } from './guard.ts';
import { RootLayout, SessionCheck } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

type PageModule = () => Promise<{ Component: ComponentType }>;

// Every screen is its own chunk; a screen reached by several paths (SPEC aliases) is loaded once.
const screens = {
  layout: () => import('./layout/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
  login: () => import('./routes/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  dashboard: () => import('./routes/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  inquiries: () => import('./routes/inquiries-page.tsx').then((m) => ({ Component: m.InquiriesPage })),
  contact: () => import('./routes/contact-page.tsx').then((m) => ({ Component: m.ContactPage })),
  blog: () => import('./routes/blog-page.tsx').then((m) => ({ Component: m.BlogPage })),
  users: () => import('./routes/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
  profile: () => import('./routes/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
  settings: () => import('./routes/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  notFound: () => import('./routes/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
} satisfies Record<string, PageModule>;

const aliases = (paths: string[], lazy: PageModule): RouteObject[] => paths.map((path) => ({ path, lazy }));

function adminRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: SessionCheck,
      ErrorBoundary: RouteError,
      children: [
        { path: '/admin/login', loader: loginLoader(queryClient), lazy: screens.login },
        {
          loader: requireAdminLoader(queryClient),
          // Ask the server again on every navigation (answered from cache while fresh).
          shouldRevalidate: () => true,
          lazy: screens.layout,
          ErrorBoundary: RouteError,
          children: [
            ...aliases(['/admin', '/admin/dashboard'], screens.dashboard),
            ...aliases(['/admin/dashboard/inquiries', '/admin/inquiries'], screens.inquiries),
            ...aliases(['/admin/dashboard/contact', '/admin/contact', '/ContactAdmin'], screens.contact),
            ...aliases(['/admin/dashboard/Blog', '/admin/blog'], screens.blog),
            ...aliases(['/UserManagement', '/admin/users'], screens.users),
            ...aliases(['/admin/profile'], screens.profile),
            ...aliases(['/admin/settings'], screens.settings),
            ...aliases(['/admin/*', '/ContactAdmin/*', '/UserManagement/*'], screens.notFound),
          ],
        },
      ],
    },
  ];
}

export function createAdminRouter(queryClient: QueryClient) {
  return createBrowserRouter(adminRoutes(queryClient));
}
