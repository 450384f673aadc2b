/**
 * Routes of the web app (React Router 7 data router).
 *
 * Features bring their own pages: each lists lazy routes in the `feature` of its index.ts, and
 * `app/features.ts` lists the features. Pages in a feature's `routes` render inside the sidebar layout,
 * behind sign-in (RequireAuth) and after the profile check; `standaloneRoutes` render behind sign-in only
 * (centred cards). Both load their code only when first opened, so heavy parts such as FullCalendar stay
 * out of the first download. Paths are relative ('calendar' is /calendar).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import * as registry from './features';
import { RouteError } from './routes/route-error';

const features = Object.values(registry);

/*
 * The shell's own parts are lazy routes too: the first download is React, the router and this tree; the
 * sign-in client, the offline copy and the sidebar load with the first page, all at once (the router loads
 * every matched route's code in parallel), so a signed-out visitor of / never downloads the sidebar.
 */
const landing = async () => ({ Component: (await import('../features/auth')).LandingPage });
const requireAuth = async () => ({ Component: (await import('../features/auth')).RequireAuth });
const offlineCopy = async () => ({ Component: (await import('./offline/offline-copy')).OfflineCopy });
const sidebar = async () => ({ Component: (await import('./layout/sidebar-layout')).SidebarLayout });
const notFound = async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage });

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, lazy: landing },
      // Pages anyone may open without signing in (a link from an email, say).
      ...features.flatMap((f) => f.publicRoutes ?? []),
      {
        lazy: requireAuth,
        children: [
          {
            // The saved copy of the house's data is back in the cache before any signed-in page asks.
            lazy: offlineCopy,
            children: [
              ...features.flatMap((f) => f.standaloneRoutes ?? []),
              {
                lazy: sidebar,
                children: [...features.flatMap((f) => f.routes), { path: '*', lazy: notFound }],
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
