import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  preloadRouteScripts,
  ROUTE_SCRIPTS_KEY,
  rememberRouteScripts,
  startupScripts,
} from './route-scripts';

const ENTRY = '/assets/index-abc.js';
const at = (name: string, startTime: number) => ({ name: `${location.origin}${name}`, startTime });

beforeEach(() => {
  // The entry's tag, as the built index.html has it (a real one would make the test DOM load it).
  const find = document.querySelector.bind(document);
  vi.spyOn(document, 'querySelector').mockImplementation((selector: string) =>
    selector === 'script[type="module"][src]'
      ? ({ getAttribute: () => ENTRY } as unknown as Element)
      : find(selector),
  );
  localStorage.clear();
});
afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('startupScripts', () => {
  it("keeps the app's scripts asked for before the first read of data, but not the entry", () => {
    const entries = [
      at(ENTRY, 5),
      at('/api/config', 6),
      at('/assets/shell-1.js', 7),
      at('/assets/home-page-2.js', 20),
      at('/assets/home-page-2.js', 21),
      at('/favicon.svg', 22),
      at('/api/task/', 30),
      at('/assets/event-dialog-3.js', 40),
    ];
    expect(startupScripts(entries, ENTRY)).toEqual(['/assets/shell-1.js', '/assets/home-page-2.js']);
    // Without a read of data (a signed-out page) nothing is learned.
    expect(startupScripts(entries.slice(0, 4), ENTRY)).toEqual([]);
  });

  it("does not take index.html's own early reads for the app's first read", () => {
    const entries = [
      at(ENTRY, 5),
      at('/api/config', 6),
      at('/api/users/me', 6),
      at('/assets/shell-1.js', 7),
      at('/assets/tasks-page-2.js', 20),
      at('/api/task/', 30),
    ];
    expect(startupScripts(entries, ENTRY)).toEqual(['/assets/shell-1.js', '/assets/tasks-page-2.js']);
  });
});

describe('rememberRouteScripts and preloadRouteScripts', () => {
  it('remembers what this address fetched, and asks for it at once on the next visit of the same build', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      at('/api/config', 1),
      at('/assets/tasks-page-9.js', 2),
      at('/api/task/', 3),
    ] as unknown as PerformanceEntryList);
    rememberRouteScripts(1000);
    vi.advanceTimersByTime(1000);
    const saved = JSON.parse(localStorage.getItem(ROUTE_SCRIPTS_KEY) ?? 'null');
    expect(saved).toEqual({ entry: ENTRY, routes: { [location.pathname]: ['/assets/tasks-page-9.js'] } });

    preloadRouteScripts(ROUTE_SCRIPTS_KEY);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/tasks-page-9.js']);
    expect(links[0]?.crossOrigin).toBe('');
  });

  it("never uses another build's list, nor anything but the app's own script files", () => {
    localStorage.setItem(
      ROUTE_SCRIPTS_KEY,
      JSON.stringify({ entry: '/assets/index-old.js', routes: { [location.pathname]: ['/assets/a.js'] } }),
    );
    preloadRouteScripts(ROUTE_SCRIPTS_KEY);
    localStorage.setItem(
      ROUTE_SCRIPTS_KEY,
      JSON.stringify({
        entry: ENTRY,
        routes: { [location.pathname]: ['https://elsewhere.example/x.js', '/api/x'] },
      }),
    );
    preloadRouteScripts(ROUTE_SCRIPTS_KEY);
    localStorage.setItem(ROUTE_SCRIPTS_KEY, '{not json');
    preloadRouteScripts(ROUTE_SCRIPTS_KEY);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });
});
