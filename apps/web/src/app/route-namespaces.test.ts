import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATER_NAMESPACES } from '../lib/i18n/catalogue';
import type { FeatureDefinition, PageRoute } from './feature';
import * as registry from './features';
import { SHELL_NAMESPACES } from './router';

/*
 * Each page fetches only the catalogue namespaces it names (PageRoute.namespaces) besides `common`, `auth`
 * and the signed-in shell's; a key of any other namespace would show as the key. So the namespaces named
 * here must cover every key the page's code can reach (its imports, static and lazy, read from the
 * source), and name none it never uses.
 */

const SRC = join(dirname(new URL(import.meta.url).pathname), '..');
const FIRST = ['common', 'auth'];
const NAMESPACE_OF_KEY = new RegExp(`['"\`](${[...FIRST, ...LATER_NAMESPACES].join('|')}):`, 'g');

const read = (path: string) =>
  readFileSync(join(SRC, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** Relative value imports (static, re-exports, lazy) of a module; type-only ones bring no words. */
function imports(path: string): string[] {
  const pattern =
    /(?:\b(?:import|export)(?!\s+type\b)[^;'"]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\1/g;
  return [...read(path).matchAll(pattern)].flatMap((m) => {
    const base = posix.join(posix.dirname(path), m[2] as string);
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ext) => base + ext)
      .find((candidate) => /\.tsx?$/.test(candidate) && existsSync(join(SRC, candidate)));
    return found ? [found] : [];
  });
}

interface Route {
  path: string;
  /** Open without signing in: no shell around it. */
  open: boolean;
  file: string;
  namespaces: readonly string[];
}

/** Every page of every feature, with its module (read from the feature's feature.ts). */
function routes(): Route[] {
  return Object.entries(registry).flatMap(([name, feature]: [string, FeatureDefinition]) => {
    const declaration = `features/${name}/feature.ts`;
    const files = new Map(
      [...read(declaration).matchAll(/path:\s*'([^']+)',\s*lazy:\s*\(\)\s*=>\s*import\('([^']+)'\)/g)].map(
        (m) => [m[1], `${posix.join(`features/${name}`, m[2] as string)}.tsx`],
      ),
    );
    const signedIn: PageRoute[] = [...feature.routes, ...(feature.standaloneRoutes ?? [])];
    const pages = [
      ...signedIn.map((page) => ({ page, open: false })),
      ...(feature.publicRoutes ?? []).map((page) => ({ page, open: true })),
    ];
    return pages.map(({ page: { path, namespaces }, open }) => ({
      path,
      open,
      file: files.get(path) ?? `(no module found for '${path}' in ${declaration})`,
      namespaces: namespaces ?? [],
    }));
  });
}

const pageFiles = new Set(routes().map((r) => r.file));

/**
 * The namespaces of the keys in the code `roots` reach. Other pages (the route table's lazy imports in
 * the features' feature.ts files) and `skip` are not followed.
 */
function namespacesReached(roots: string[], skip: string[] = []): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const m of read(path).matchAll(NAMESPACE_OF_KEY)) found.add(m[1] as string);
    for (const next of imports(path))
      if (!skip.includes(next) && !(pageFiles.has(next) && !roots.includes(next))) stack.push(next);
  }
  return found;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the catalogue namespaces each page fetches', () => {
  const all = routes();
  const always = new Set<string>([...FIRST, ...SHELL_NAMESPACES]);

  it('finds every page module', () => {
    expect(all.length).toBeGreaterThanOrEqual(11);
    for (const route of all) expect(existsSync(join(SRC, route.file)), route.file).toBe(true);
  });

  it.each(all.map((r) => [r.path, r] as const))(
    '/%s names exactly the namespaces its code uses',
    (_, route) => {
      const used = namespacesReached([route.file]);
      expect(sorted(route.namespaces.filter((ns) => !used.has(ns))), 'named but unused').toEqual([]);
      const given = route.open ? FIRST : [...always];
      const missing = [...used].filter((ns) => !given.includes(ns) && !route.namespaces.includes(ns));
      expect(sorted(missing), 'used but not named').toEqual([]);
    },
  );

  it("the signed-in shell names exactly the namespaces it uses besides the first download's", () => {
    // The shell reads the feature registry for routes, live keys and nav names: of each feature, only the
    // keys of its feature.ts (the nav names) reach it, not the components its index re-exports for pages.
    const used = namespacesReached(
      [
        'app/layout/sidebar-layout.tsx',
        'app/offline/offline-copy.tsx',
        'features/auth/require-auth.tsx',
        'app/routes/not-found-page.tsx',
        'app/routes/route-error.tsx',
      ],
      ['app/features.ts'],
    );
    for (const name of Object.keys(registry))
      for (const m of read(`features/${name}/feature.ts`).matchAll(NAMESPACE_OF_KEY))
        used.add(m[1] as string);
    expect(sorted(used)).toEqual(sorted(always));
  });

  it('sees what it looks for: a page reaches its own words and those of the features it shows', () => {
    expect(sorted(namespacesReached(['features/tasks/pages/tasks-page.tsx']))).toContain('tasks');
    expect(sorted(namespacesReached(['features/home/pages/home-page.tsx']))).toEqual(
      expect.arrayContaining(['home', 'tasks', 'events', 'bills']),
    );
  });
});
