/**
 * Routes of the web app (React Router 7 data router).
 *
 * HOW A FEATURE ADDS A PAGE: add ONE line to `featureRoutes` below, a lazy route whose module exports
 * its page component under the name `Component`:
 *
 *   { path: 'calendar', lazy: () => import('../features/events/pages/calendar-page') },
 *
 *   // features/events/pages/calendar-page.tsx
 *   export function CalendarPage() { ... }
 *   export { CalendarPage as Component };
 *
 * Pages in `featureRoutes` render inside the sidebar layout, behind sign-in (RequireAuth) and after the
 * profile check, and load their code only when first opened (so heavy parts such as FullCalendar stay out
 * of the first download). Paths are relative ('calendar' is /calendar).
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { LandingPage } from '../features/auth/pages/landing-page';
import { RequireAuth } from '../features/auth/require-auth';
import { SidebarLayout } from './layout/sidebar-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteError } from './routes/route-error';

/** Pages inside the sidebar layout: one lazy route per line. */
const featureRoutes: RouteObject[] = [
  { path: 'home', lazy: () => import('../features/home/pages/home-page') },
  { path: 'calendar', lazy: () => import('../features/events/pages/calendar-page') },
  { path: 'groceries', lazy: () => import('../features/groceries/pages/groceries-page') },
  { path: 'tasks', lazy: () => import('../features/tasks/pages/tasks-page') },
  { path: 'bills', lazy: () => import('../features/bills/pages/bills-page') },
  { path: 'reminders', lazy: () => import('../features/reminders/pages/reminders-page') },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      { index: true, element: <LandingPage /> },
      {
        element: <RequireAuth />,
        children: [
          // Centred card pages outside the sidebar layout.
          { path: 'userSetup', lazy: () => import('../features/users/pages/user-setup-page') },
          { path: 'houseSetup', lazy: () => import('../features/houses/pages/house-setup-page') },
          {
            element: <SidebarLayout />,
            children: [...featureRoutes, { path: '*', element: <NotFoundPage /> }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
