import type { ComponentType } from 'react';
import { lazyComponent, type UsablePromise, usable } from '../../lib/lazy-component';

/** A page's module: its default view is `Component`, as each feature's pages export it. */
export interface PageModule {
  Component: ComponentType;
}

/** How a route names its code: `() => import('./pages/tasks-page')`, loaded when first needed. */
export type PageLoader = () => Promise<PageModule>;

const started = new Map<PageLoader, UsablePromise<PageModule>>();
const components = new Map<PageLoader, ComponentType>();

/**
 * Starts loading a route's code, once: the router asks for every route the address matches at the same
 * time, so a page, the sign-in guard and the sidebar arrive in parallel rather than one after another.
 */
export function loadRoute(loader: PageLoader): UsablePromise<PageModule> {
  let promise = started.get(loader);
  if (!promise) {
    promise = usable(loader());
    started.set(loader, promise);
    // A failed load (a deploy replaced the files, the connection dropped) is tried again next time.
    promise.catch(() => started.delete(loader));
  }
  return promise;
}

/**
 * The component that renders a route's page: at once when its code is already here (as at start-up, when
 * preloadRoutes asked for it first), else suspending until it is.
 */
export function routeComponent(loader: PageLoader): ComponentType {
  let component = components.get(loader);
  if (!component) {
    component = lazyComponent(
      () => loadRoute(loader),
      (module) => module.Component,
    );
    components.set(loader, component);
  }
  return component;
}
