import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Which folder of src/ may import which, one way: lib/ and components/ -> features/ -> app/.
 *  - A feature reaches another feature only through its public face, features/<other>/index.ts; what
 *    others need (components, hooks, types) is re-exported there. Inside a feature, files import each
 *    other directly, never through their own index (that would make import cycles).
 *  - Features may use app/feature.ts (the shape they declare themselves with), nothing else in app/.
 *  - app/ composes features, through their index files, and mounts each through its feature.ts (the
 *    routes and menu entry alone, so the first download does not reach the feature's components).
 *  - lib/, components/ and the shared test helpers in test/ import no feature and nothing in app/.
 */

const SRC = join(dirname(new URL(import.meta.url).pathname), '..');

/** Relative specifiers in static and dynamic imports, re-exports and vi.mock, outside comments. */
function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;
  return [...code.matchAll(pattern)].map((m) => m[2] as string);
}

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Where an import of `specifier` from `file` lands (paths relative to src/, with '/'), if anywhere. */
function resolve(file: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  const base = posix.join(posix.dirname(file), specifier);
  return CANDIDATES.map((ext) => base + ext).find(exists);
}

type Area = { kind: 'feature'; name: string } | { kind: 'app' | 'components' | 'lib' | 'test' | 'root' };

function areaOf(path: string): Area {
  const [top, next] = path.split('/');
  if (top === 'features' && next) return { kind: 'feature', name: next };
  if (top === 'app' || top === 'components' || top === 'lib' || top === 'test') return { kind: top };
  return { kind: 'root' };
}

const isFeatureIndex = (path: string) => /^features\/[^/]+\/index\.tsx?$/.test(path);
const isFeatureDeclaration = (path: string) => /^features\/[^/]+\/feature\.ts$/.test(path);

/** Why `file` may not import `target`, or null when it may. */
function ruleBroken(file: string, target: string): string | null {
  const from = areaOf(file);
  const to = areaOf(target);
  if (from.kind === 'feature') {
    if (to.kind === 'feature' && to.name !== from.name && !isFeatureIndex(target))
      return `reaches into feature '${to.name}': import from features/${to.name} (its index.ts)`;
    if (to.kind === 'feature' && to.name === from.name && isFeatureIndex(target))
      return 'imports its own feature index: import the module itself';
    if (to.kind === 'app' && target !== 'app/feature.ts')
      return 'imports app/: features may use app/feature.ts only';
    return null;
  }
  if (
    from.kind === 'app' &&
    to.kind === 'feature' &&
    !isFeatureIndex(target) &&
    !isFeatureDeclaration(target)
  )
    return `reaches into feature '${to.name}': import from features/${to.name} (its index.ts or feature.ts)`;
  if ((from.kind === 'lib' || from.kind === 'components' || from.kind === 'test') && to.kind === 'feature')
    return `${from.kind}/ may not import features`;
  if ((from.kind === 'lib' || from.kind === 'components' || from.kind === 'test') && to.kind === 'app')
    return `${from.kind}/ may not import app/`;
  return null;
}

/** Every broken rule as "file: 'specifier' reason", for files given as path (relative to src/) -> source. */
function importViolations(files: ReadonlyMap<string, string>, exists: (path: string) => boolean) {
  const problems: string[] = [];
  for (const [file, source] of files) {
    for (const specifier of relativeImports(source)) {
      const target = resolve(file, specifier, exists);
      const why = target ? ruleBroken(file, target) : 'does not resolve to a file';
      if (why) problems.push(`${file}: '${specifier}' ${why}`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? allFiles(path) : [path];
  });
}

const toSrcPath = (path: string) => relative(SRC, path).split(/[\\/]/).join('/');

/** This file's fixtures below are made-up imports, not its own. */
const SELF = 'app/import-boundaries.test.ts';

describe('import boundaries', () => {
  it('hold for every source file under src/', () => {
    const files = new Map(
      sourceFiles(SRC)
        .map((path) => [toSrcPath(path), path] as const)
        .filter(([file]) => file !== SELF)
        .map(([file, path]) => [file, readFileSync(path, 'utf8')]),
    );
    const known = new Set(allFiles(SRC).map(toSrcPath));
    expect(files.size).toBeGreaterThan(50);
    expect(importViolations(files, (path) => known.has(path))).toEqual([]);
  });

  it('catch a feature reaching into another, lib/ importing a feature, and imports that go nowhere', () => {
    const tree = new Map([
      ['features/home/pages/home-page.tsx', "import { useMe } from '../../users/api';"],
      ['features/home/pages/ok.tsx', "import { useMe } from '../../users';\nimport { x } from '../lib/x';"],
      ['features/home/lib/x.ts', "export { feature } from '../index';\nimport('../../users/pages/p');"],
      ['features/home/index.ts', "import type { FeatureDefinition } from '../../app/feature';"],
      ['features/users/index.ts', "export { useMe } from './api';"],
      ['features/users/api.ts', "import { routes } from '../../app/router';"],
      ['features/users/pages/p.tsx', ''],
      ['features/users/feature.ts', ''],
      ['app/feature.ts', ''],
      ['app/features.ts', "export { feature as users } from '../features/users/feature';"],
      [
        'lib/util.ts',
        "// import { x } from '../features/users/api';\nimport { useMe } from '../features/users';",
      ],
      [
        'app/router.tsx',
        "import { HomePage } from '../features/home/pages/home-page';\nimport '../nowhere';",
      ],
    ]);
    expect(importViolations(tree, (path) => tree.has(path))).toEqual([
      "features/home/pages/home-page.tsx: '../../users/api' reaches into feature 'users': import from features/users (its index.ts)",
      "features/home/lib/x.ts: '../index' imports its own feature index: import the module itself",
      "features/home/lib/x.ts: '../../users/pages/p' reaches into feature 'users': import from features/users (its index.ts)",
      "features/users/api.ts: '../../app/router' imports app/: features may use app/feature.ts only",
      "lib/util.ts: '../features/users' lib/ may not import features",
      "app/router.tsx: '../features/home/pages/home-page' reaches into feature 'home': import from features/home (its index.ts or feature.ts)",
      "app/router.tsx: '../nowhere' does not resolve to a file",
    ]);
  });
});
