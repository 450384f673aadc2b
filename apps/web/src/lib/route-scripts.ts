/*
 * The code a page needs, asked for before the app's own code has run. The app learns which of its files
 * a page's start-up fetched (the route's chunks, before its first read of data) and keeps the list per
 * address; index.html, on the next visit to that address, asks for them at once (modulepreload) alongside
 * the entry instead of after it has run. A list from another build is never used.
 */
import { EARLY_READS } from './early-reads';

/** Where the lists are kept (localStorage). */
export const ROUTE_SCRIPTS_KEY = 'hearth.route-scripts';
/** The addresses remembered, the latest ones. */
const MAX_ROUTES = 12;

export interface SavedRouteScripts {
  /** The entry script's address: the build the list belongs to. */
  entry: string;
  routes: Record<string, string[]>;
}

/**
 * Runs inline in index.html, after the entry's tag: adds a modulepreload link for each file remembered for
 * this address. The build inlines its source, so it names nothing from outside itself.
 */
export function preloadRouteScripts(key: string): void {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as SavedRouteScripts | null;
    const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
    if (!saved || !entry || saved.entry !== entry) return;
    for (const href of saved.routes[location.pathname] ?? []) {
      if (!/^\/assets\/[\w.-]+\.js$/.test(href)) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // No storage, or something else in it: the page loads as it would anyway.
  }
}

/**
 * The app's own scripts this start-up asked for before its first read of the API (the sign-in settings
 * and the reads index.html sends itself aside): the page's code, not what it fetches later (dialogs, the
 * live stream's parser).
 */
export function startupScripts(
  entries: readonly { name: string; startTime: number }[],
  entry: string,
): string[] {
  const paths = entries.map((e) => ({ path: new URL(e.name, location.href).pathname, at: e.startTime }));
  const firstRead = paths.find(
    ({ path }) => path.startsWith('/api/') && path !== '/api/config' && !EARLY_READS.includes(path),
  );
  if (!firstRead) return [];
  return [
    ...new Set(
      paths
        .filter(({ path, at }) => at < firstRead.at && /^\/assets\/[\w.-]+\.js$/.test(path) && path !== entry)
        .map(({ path }) => path),
    ),
  ];
}

/** Remembers, a few seconds after start-up, what this address's start-up fetched (if still on it). */
export function rememberRouteScripts(delayMs = 5000): void {
  const path = location.pathname;
  setTimeout(() => {
    try {
      const entry = document.querySelector('script[type="module"][src]')?.getAttribute('src');
      if (!entry || location.pathname !== path || typeof performance.getEntriesByType !== 'function') return;
      const scripts = startupScripts(performance.getEntriesByType('resource'), entry);
      if (scripts.length === 0) return;
      const stored = JSON.parse(
        localStorage.getItem(ROUTE_SCRIPTS_KEY) ?? 'null',
      ) as SavedRouteScripts | null;
      const routes = stored?.entry === entry ? stored.routes : {};
      delete routes[path];
      routes[path] = scripts;
      const kept = Object.entries(routes).slice(-MAX_ROUTES);
      localStorage.setItem(ROUTE_SCRIPTS_KEY, JSON.stringify({ entry, routes: Object.fromEntries(kept) }));
    } catch {
      // No storage: nothing is remembered.
    }
  }, delayMs);
}
