import { type FetchQueryOptions, onlineManager, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import type { ApiClient } from '../../lib/api-client';

/** What a route's loader gets: the query cache every page reads through and the signed-in API client. */
export interface LoaderContext {
  queryClient: QueryClient;
  /** The API client with the signed-in person's token; null when no one is signed in. */
  signedInApi: () => Promise<ApiClient | null>;
}

/**
 * A page's module, as a route's `lazy` loads it: its view as `Component` and, when the page starts from
 * data, a `clientLoader` that puts that data in the query cache before the page renders.
 */
export interface PageModule {
  Component: ComponentType;
  clientLoader?: (context: LoaderContext) => LoaderFunction;
}

/** How a route names its code: `() => import('./pages/tasks-page')`, loaded when first opened. */
export type PageLoader = () => Promise<PageModule>;

// biome-ignore lint/suspicious/noExplicitAny: each query has its own data type; the loader only awaits them
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A loader that has the queries `queries` names in the cache before the page renders (TanStack Query's
 * `ensureQueryData`: a cached answer is used as it is). Offline nothing is awaited: the page shows the
 * saved copy, or its own state; a failure is the page's to show (its error state, with Try again).
 */
export const ensureQueries =
  ({ queryClient, signedInApi }: LoaderContext, queries: (api: ApiClient) => AnyQuery[]): LoaderFunction =>
  async () => {
    if (!onlineManager.isOnline()) return null;
    const api = await signedInApi();
    if (api) {
      await Promise.all(
        queries(api).map((options) =>
          queryClient.ensureQueryData({ ...options, retry: false }).catch(() => undefined),
        ),
      );
    }
    return null;
  };
