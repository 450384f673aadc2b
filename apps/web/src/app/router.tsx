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
import { LandingPage, RequireAuth } from '../features/auth';
import * as registry from './features';
import { SidebarLayout } from './layout/sidebar-layout';
import { OfflineCopy } from './offline/offline-copy';
import { NotFoundPage } from './routes/not-found-page';
import { RouteError } from './routes/route-error';

const features = Object.values(registry);

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, element: <LandingPage /> },
      // Pages anyone may open without signing in (a link from an email, say).
      ...features.flatMap((f) => f.publicRoutes ?? []),
      {
        element: <RequireAuth />,
        children: [
          {
            // The saved copy of the house's data is back in the cache before any signed-in page asks.
            element: <OfflineCopy />,
            children: [
              ...features.flatMap((f) => f.standaloneRoutes ?? []),
              {
                element: <SidebarLayout />,
                children: [...features.flatMap((f) => f.routes), { path: '*', element: <NotFoundPage /> }],
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
