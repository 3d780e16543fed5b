import '../styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { type CSSProperties, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';
import { registerAdminServiceWorker } from '../features/push-devices/service-worker.ts';
import { loginPathFor } from './paths.ts';
import { createAdminQueryClient } from './query-client.ts';
import { createAdminRouter } from './router.tsx';

const ADMIN_TOAST_DURATION_MS = 3000;

/**
 * Sonner's rich colours put green and red text on pale backgrounds at 4.3:1; these darker shades
 * (Tailwind green-800 and red-700) reach 6.8:1 and 5.8:1, above WCAG AA's 4.5:1.
 */
const TOAST_COLOURS = { '--success-text': '#166534', '--error-text': '#b91c1c' } as CSSProperties;

const queryClient = createAdminQueryClient(() => {
  const here = router.state.location;
  if (here.pathname.toLowerCase().startsWith('/admin/login')) return;
  // Forget everything cached, or the login page would find the old "signed in" answer.
  queryClient.removeQueries();
  toast.error('Your session has ended. Please sign in again.');
  void router.navigate(loginPathFor(here.pathname + here.search), { replace: true });
});
const router = createAdminRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('admin.html has no #root element');

registerAdminServiceWorker();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="top-center"
        duration={ADMIN_TOAST_DURATION_MS}
        richColors
        closeButton
        style={TOAST_COLOURS}
      />
    </QueryClientProvider>
  </StrictMode>,
);
