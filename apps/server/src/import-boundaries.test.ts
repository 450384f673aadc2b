import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Which folder of src/ may import which (the web app's app/import-boundaries.test.ts holds its own):
 *  - A module (modules/<domain>/) reaches another only through its public face, modules/<other>/index.ts;
 *    what others need (read-only views, a service, a row type) is exported there. Inside a module, files
 *    import each other directly.
 *  - Modules do not import plugins/ (their tests may, to set the app up): what they share with a plugin
 *    (the cache version counters, the limits' and metrics' types) lives in core/ or lib/, or reaches them
 *    through the ModuleContext.
 *  - A migration imports no module: an old migration must not change when a module does (it keeps frozen
 *    copies of what it needs in db/migrations/frozen/).
 */

const SRC = dirname(new URL(import.meta.url).pathname);

/** Relative specifiers in static and dynamic imports, re-exports and vi.mock, outside comments. */
function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;
  return [...code.matchAll(pattern)].map((m) => m[2] as string);
}

/** Where an import of `specifier` from `file` lands (paths relative to src/, with '/'), if anywhere. */
function resolve(file: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  const base = posix.join(posix.dirname(file), specifier);
  // NodeNext: a .ts file is imported by its .js name.
  const candidates = base.endsWith('.js') ? [`${base.slice(0, -3)}.ts`, base] : [base, `${base}/index.ts`];
  return candidates.find(exists);
}

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];
const isModuleIndex = (path: string) => /^modules\/[^/]+\/index\.ts$/.test(path);

/** Why `file` may not import `target`, or null when it may. */
function ruleBroken(file: string, target: string): string | null {
  const from = moduleOf(file);
  const to = moduleOf(target);
  if (from !== undefined) {
    if (to !== undefined && to !== from && !isModuleIndex(target))
      return `reaches into module '${to}': import from modules/${to}/index.ts`;
    // A module's tests may set the app's plugins up (its limits, say); the module itself may not use them.
    if (target.startsWith('plugins/') && !file.endsWith('.test.ts'))
      return 'imports plugins/: modules use core/, lib/ and their context';
  }
  if (file.startsWith('db/migrations/') && target.startsWith('modules/'))
    return 'a migration imports a module: keep a frozen copy in db/migrations/frozen/';
  return null;
}

/** Every broken rule as "file: 'specifier' reason", for files given as path (relative to src/) -> source. */
export function importViolations(files: ReadonlyMap<string, string>, exists: (path: string) => boolean) {
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

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? allFiles(path) : [path];
  });
}

const toSrcPath = (path: string) => relative(SRC, path).split(/[\\/]/).join('/');

/** This file's fixtures below are made-up imports, not its own. */
const SELF = 'import-boundaries.test.ts';

describe('import boundaries', () => {
  it('hold for every source file under src/', () => {
    const known = new Set(allFiles(SRC).map(toSrcPath));
    const files = new Map(
      [...known]
        .filter((file) => file.endsWith('.ts') && file !== SELF)
        .map((file) => [file, readFileSync(join(SRC, file), 'utf8')]),
    );
    expect(files.size).toBeGreaterThan(100);
    expect(importViolations(files, (path) => known.has(path))).toEqual([]);
  });

  it('catch a module reaching into another, a module importing plugins/ and a migration importing a module', () => {
    const tree = new Map([
      ['modules/notifications/service.ts', "import { canonicalTimeZone } from '../reminders/recurrence.js';"],
      [
        'modules/notifications/ok.ts',
        "import { openTasks } from '../tasks/index.js';\nimport { x } from './x.js';\n// import { y } from '../tasks/due.js';",
      ],
      ['modules/notifications/x.ts', "export type { EventRow } from '../events/tables.js';"],
      ['modules/live/bus.ts', "import { CacheVersions } from '../../plugins/response-cache.js';"],
      ['modules/live/bus.test.ts', "import { DEFAULT_API_LIMITS } from '../../plugins/limits.js';"],
      ['plugins/limits.ts', ''],
      ['modules/tasks/index.ts', "export { openTasks } from './due.js';"],
      ['modules/tasks/due.ts', "import { CacheVersions } from '../../core/cache-versions.js';"],
      ['modules/reminders/recurrence.ts', ''],
      ['modules/events/tables.ts', ''],
      ['plugins/response-cache.ts', "import { CacheVersions } from '../core/cache-versions.js';"],
      ['core/cache-versions.ts', ''],
      [
        'db/migrations/2026-01-01-001-x.ts',
        "import { nameKey } from '../../modules/groceries/item-names.js';",
      ],
      ['db/migrations/2026-01-01-002-y.ts', "import { nameKey } from './frozen/names.js';"],
      ['db/migrations/frozen/names.ts', ''],
      ['modules/groceries/item-names.ts', "import '../nowhere.js';"],
    ]);
    expect(importViolations(tree, (path) => tree.has(path))).toEqual([
      "modules/notifications/service.ts: '../reminders/recurrence.js' reaches into module 'reminders': import from modules/reminders/index.ts",
      "modules/notifications/x.ts: '../events/tables.js' reaches into module 'events': import from modules/events/index.ts",
      "modules/live/bus.ts: '../../plugins/response-cache.js' imports plugins/: modules use core/, lib/ and their context",
      "db/migrations/2026-01-01-001-x.ts: '../../modules/groceries/item-names.js' a migration imports a module: keep a frozen copy in db/migrations/frozen/",
      "modules/groceries/item-names.ts: '../nowhere.js' does not resolve to a file",
    ]);
  });
});
