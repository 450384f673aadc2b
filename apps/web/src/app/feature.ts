import type { LiveKind } from '@hearth/contract';
import {
  type FetchQueryOptions,
  onlineManager,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';
import type { ApiClient } from '../lib/api-client';

/** A feature's entry in the sidebar; entries are shown by ascending `order`. */
export interface NavEntry {
  name: string;
  /** The page's absolute path, e.g. '/calendar'. */
  path: string;
  icon: LucideIcon;
  order: number;
}

/** One page: its path (relative: 'tasks' is /tasks) and its code, loaded when the page is first opened. */
export interface PageRoute {
  path: string;
  lazy: PageLoader;
}

/**
 * A live kind this feature listens to. The kind alone refetches the queries whose key starts with it
 * ('groceries' -> [['groceries']]); give `keys` when the feature's keys are named differently.
 */
export type LiveSubscription = LiveKind | { kind: LiveKind; keys: readonly QueryKey[] };

/**
 * What a feature brings to the app shell, exported as `feature` from `features/<name>/feature.ts` and
 * listed once in `app/features.ts`.
 */
export interface FeatureDefinition {
  /**
   * Pages inside the sidebar layout (behind sign-in and the profile check). Each is a lazy route whose
   * module exports its page as `Component` (and may export a `clientLoader`, see PageModule below),
   * so its code loads only when first opened:
   *   { path: 'tasks', lazy: () => import('./pages/tasks-page') }
   */
  routes: readonly PageRoute[];
  /** Signed-in pages outside the sidebar layout (centred cards such as profile setup); lazy too. */
  standaloneRoutes?: readonly PageRoute[];
  /** Pages open to anyone, signed in or not (a link from an email such as /unsubscribe); lazy too. */
  publicRoutes?: readonly PageRoute[];
  nav?: NavEntry;
  live?: readonly LiveSubscription[];
}

/** The features' sidebar entries, in `order`. */
export function navEntries(features: Iterable<FeatureDefinition>): NavEntry[] {
  return [...features].flatMap((f) => (f.nav ? [f.nav] : [])).sort((a, b) => a.order - b.order);
}

/** What a route's loader gets: the query cache every page reads through and the signed-in API client. */
export interface LoaderContext {
  queryClient: QueryClient;
  /** The API client with the signed-in person's token; null when no one is signed in. */
  signedInApi: () => Promise<ApiClient | null>;
  /** Whether the signed-in person is in a house (their profile, through the same cache). */
  inHouse: (api: ApiClient) => Promise<boolean>;
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

/** `options`' answer, from the cache or fetched once (no retries: the page's own query retries). */
export const ensureQuery = (queryClient: QueryClient, options: AnyQuery): Promise<unknown> =>
  queryClient.ensureQueryData({ ...options, retry: false }).catch(() => undefined);

/**
 * A loader that has the queries `queries` names in the cache before the page renders (TanStack Query's
 * `ensureQueryData`: a cached answer is used as it is). With `house`, only for someone in a house (the
 * house's data is the page's; without one the page shows its empty state). Offline nothing is awaited: the
 * page shows the saved copy, or its own state; a failure is the page's to show (its error state, with Try
 * again), not the router's.
 */
export const ensureQueries =
  (
    { queryClient, signedInApi, inHouse }: LoaderContext,
    queries: (api: ApiClient) => AnyQuery[],
    { house = false }: { house?: boolean } = {},
  ): LoaderFunction =>
  async () => {
    if (!onlineManager.isOnline()) return null;
    const api = await signedInApi();
    if (!api) return null;
    if (house && !(await inHouse(api))) return null;
    await Promise.all(queries(api).map((options) => ensureQuery(queryClient, options)));
    return null;
  };
