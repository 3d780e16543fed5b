import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { publicRoutes } from './public/routes.tsx';
import './styles.css';

// The server-rendered page carries the loaders' data in window.__staticRouterHydrationData, which
// createBrowserRouter reads: the first render reuses it instead of calling the API again.
const router = createBrowserRouter(publicRoutes);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to hydrate');

hydrateRoot(
  container,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
