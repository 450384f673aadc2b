/**
 * Routes of the web app: React Router's data router. Each route's code is a `lazy` module, loaded when its
 * address is first opened (the router loads every route an address matches at once); a page module may
 * export a `clientLoader` that puts its first data in the query cache (see feature.ts).
 *
 * Features bring their own pages: each lists them in the `feature` of its feature.ts, and `app/features.ts`
 * lists the features. Pages in a feature's `routes` render inside the sidebar layout, behind sign-in
 * (RequireAuth) and after the profile check; `standaloneRoutes` render behind sign-in only (centred cards);
 * `publicRoutes` to anyone. Paths are relative ('calendar' is /calendar).
 */
import type { User } from '@hearth/contract';
import { createBrowserRouter, Outlet, type RouteObject, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { meQuery } from '../features/users';
import { ensureQueries, ensureQuery, type LoaderContext, type PageLoader, type PageRoute } from './feature';
import * as registry from './features';
import { RouteError, RouteErrorBoundary } from './routes/route-error';

const features = Object.values(registry);

/** Every page's render errors are caught here; the next address tries again. */
function Root() {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** A route whose code is `load`'s module: its Component, and its loader when it has one. */
const lazyRoute =
  (context: LoaderContext, load: PageLoader): RouteObject['lazy'] =>
  async () => {
    const { Component, clientLoader } = await load();
    return clientLoader ? { Component, loader: clientLoader(context) } : { Component };
  };

/** What the app (or a test) gives the routes' loaders: its query cache and its signed-in API client. */
export type RouterDeps = Omit<LoaderContext, 'inHouse'>;

/** The route table for the given query cache and API client (the app's own, or a test's). */
export function appRoutes(deps: RouterDeps): RouteObject[] {
  const context: LoaderContext = {
    ...deps,
    inHouse: async (api) =>
      ((await ensureQuery(deps.queryClient, meQuery(api))) as User | null | undefined)?.house_id != null,
  };
  const pages = (list: readonly PageRoute[]): RouteObject[] =>
    list.map(({ path, lazy }) => ({ path, lazy: lazyRoute(context, lazy) }));
  return [
    {
      path: '/',
      Component: Root,
      ErrorBoundary: RouteError,
      HydrateFallback: FullScreenSpinner,
      children: [
        { index: true, lazy: async () => ({ Component: (await import('../features/auth')).LandingPage }) },
        // Pages anyone may open without signing in (a link from an email, say).
        ...features.flatMap((f) => pages(f.publicRoutes ?? [])),
        {
          // The guard: a signed-out visitor goes to /, and comes back after signing in.
          lazy: async () => ({ Component: (await import('../features/auth')).RequireAuth }),
          children: [
            {
              // The saved copy of the house's data is back in the cache before any signed-in page asks.
              lazy: async () => ({ Component: (await import('./offline/offline-copy')).OfflineCopy }),
              children: [
                ...features.flatMap((f) => pages(f.standaloneRoutes ?? [])),
                {
                  lazy: async () => ({ Component: (await import('./layout/sidebar-layout')).SidebarLayout }),
                  // Every signed-in page starts from the profile.
                  loader: ensureQueries(context, (api) => [meQuery(api)]),
                  children: [
                    ...features.flatMap((f) => pages(f.routes)),
                    {
                      path: '*',
                      lazy: async () => ({
                        Component: (await import('./routes/not-found-page')).NotFoundPage,
                      }),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(deps: RouterDeps) {
  return createBrowserRouter(appRoutes(deps));
}
