import type { LiveKind } from '@hearth/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { PageLoader } from './routing/loaders';

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
   * module exports its page as `Component` (and may export a `clientLoader`, see app/routing/loaders.ts),
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
