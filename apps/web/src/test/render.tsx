import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { shareWithPosition } from '../lib/live-position';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // As the app's (app/query-client.ts): an unchanged answer keeps its object and takes the new position.
      queries: { retry: false, gcTime: Infinity, structuralSharing: shareWithPosition },
      mutations: { retry: false },
    },
  });
}

/** Shows the current location so tests can assert where navigation went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `routes` in a memory data router at `path`, as the app's router, with a fresh query client. Any
 * path not in `routes` shows the location probe, so `screen.getByTestId('location')` tells where a
 * redirect went.
 */
export function renderRoutes(routes: RouteObject[], path: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter([...routes, { path: '*', element: <LocationProbe /> }], {
    initialEntries: [path],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

/** Renders one element at `path` (its route pattern defaults to the path itself). */
export function renderAt(element: ReactElement, path: string, pattern = path.split('?')[0] ?? path) {
  return renderRoutes([{ path: pattern, element }], path);
}
