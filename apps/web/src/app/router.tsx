/**
 * Routes of the web app (React Router 7, declarative mode).
 *
 * Features bring their own pages: each lists lazy routes in the `feature` of its feature.ts, and
 * `app/features.ts` lists the features. Pages in a feature's `routes` render inside the sidebar layout,
 * behind sign-in (RequireAuth) and after the profile check; `standaloneRoutes` render behind sign-in only
 * (centred cards). Both load their code only when first opened, so heavy parts such as FullCalendar stay
 * out of the first download. Paths are relative ('calendar' is /calendar).
 */
import { type ReactNode, Suspense, useMemo } from 'react';
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { type LaterNamespace, loadNamespaces, startingLanguage } from '../lib/i18n';
import type { PageRoute } from './feature';
import * as registry from './features';
import { RouteErrorBoundary } from './routes/route-error';
import { loadRoute, type PageLoader, routeComponent } from './routing/lazy-route';

const features = Object.values(registry);

/** A route of the table below: a lazy page or layout, or a plain element. */
export interface AppRoute {
  path?: string;
  index?: boolean;
  lazy?: PageLoader;
  element?: ReactNode;
  children?: AppRoute[];
}

/*
 * The shell's own parts are lazy routes too: the first download is React, the router and this tree; the
 * sign-in guard, the offline copy and the sidebar load with the first page, all at once (see
 * preloadRoutes), so a signed-out visitor of / never downloads the sidebar.
 */
const landing: PageLoader = async () => ({ Component: (await import('../features/auth')).LandingPage });

/**
 * A route that reads more of the catalogue than the sign-in screen's words (the first download): the
 * namespaces it names are fetched alongside its code.
 */
const withNamespaces =
  (loader: PageLoader, namespaces: readonly LaterNamespace[] = []): PageLoader =>
  async () =>
    (await Promise.all([loader(), loadNamespaces(namespaces, startingLanguage())]))[0];

/**
 * The words of the signed-in shell, around every page: the profile's (its errors), the due-reminder
 * notices' and the settings link's. Each page names its own (`PageRoute.namespaces`).
 */
export const SHELL_NAMESPACES = [
  'users',
  'reminders',
  'notifications',
] as const satisfies readonly LaterNamespace[];

// Every signed-in page renders inside this guard, so the shell's words are there before any of them.
const requireAuth = withNamespaces(
  async () => ({
    Component: (await import('../features/auth')).RequireAuth,
  }),
  SHELL_NAMESPACES,
);
const offlineCopy: PageLoader = async () => ({
  Component: (await import('./offline/offline-copy')).OfflineCopy,
});
const sidebar: PageLoader = async () => ({
  Component: (await import('./layout/sidebar-layout')).SidebarLayout,
});
const notFound: PageLoader = async () => ({
  Component: (await import('./routes/not-found-page')).NotFoundPage,
});

/** Every page's errors are caught here; the next address tries again. */
function Root() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const pages = (list: readonly PageRoute[]): AppRoute[] =>
  list.map(({ path, lazy, namespaces }) => ({ path, lazy: withNamespaces(lazy, namespaces) }));

export const appRoutes: AppRoute[] = [
  {
    path: '/',
    element: <Root />,
    children: [
      { index: true, lazy: landing },
      // Pages anyone may open without signing in (a link from an email, say).
      ...features.flatMap((f) => pages(f.publicRoutes ?? [])),
      {
        lazy: requireAuth,
        children: [
          {
            // The saved copy of the house's data is back in the cache before any signed-in page asks.
            lazy: offlineCopy,
            children: [
              ...features.flatMap((f) => pages(f.standaloneRoutes ?? [])),
              {
                lazy: sidebar,
                children: [...features.flatMap((f) => pages(f.routes)), { path: '*', lazy: notFound }],
              },
            ],
          },
        ],
      },
    ],
  },
];

function toRouteObject({ lazy, element, children, ...where }: AppRoute): RouteObject {
  const Page = lazy ? routeComponent(lazy) : null;
  const shown = Page ? <Page /> : element;
  if (where.index) return { index: true, element: shown };
  return { path: where.path, element: shown, children: children?.map(toRouteObject) };
}

/** Starts loading the code of every route that `pathname` matches, in parallel. */
export function preloadRoutes(pathname: string, routes: AppRoute[] = appRoutes): void {
  for (const { route } of matchRoutes(routes as RouteObject[], pathname) ?? []) {
    const { lazy } = route as AppRoute;
    // A failure shows when the route renders (its error boundary); nothing to do here.
    if (lazy) loadRoute(lazy).catch(() => undefined);
  }
}

/** Renders the routes of `routes` (the app's table unless a test gives its own). */
export function AppRoutes({ routes = appRoutes }: { routes?: AppRoute[] }) {
  const table = useMemo(() => routes.map(toRouteObject), [routes]);
  return useRoutes(table);
}
