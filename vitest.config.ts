import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// The contract is consumed as TypeScript source in tests (the "@hearth/source" export condition).
const conditions = ['@hearth/source', ...defaultServerConditions];

/** The API tests (apps/server), in two projects: `npx vitest run --project 'server*'` runs both. */
const server = {
  root: 'apps/server',
  environment: 'node',
  include: ['src/**/*.test.ts'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
} as const;
// Files that get fresh modules and a fresh process each: the built-in provider's (a provider restart timed
// out after other files in a shared worker) and the tasks' repeat properties (CPU-bound; three to four times
// slower after other files in a shared worker, which suggests something an earlier file left running).
const ISOLATED = ['src/idp/**/*.test.ts', 'src/modules/tasks/repeat.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine, where the tests wait on
    // the DOM set-up, imports and the database as much as on the CPU. Two took the suite from 447 s to 304 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ssr: { resolve: { conditions } },
        test: {
          ...server,
          name: 'server',
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // These API test files share each worker's loaded modules (the app, Fastify, Kysely) instead of
          // loading them again per file, which was most of the project's time; every file starts its own
          // app on its own database, and none keeps state in a module.
          isolate: false,
        },
      },
      {
        ssr: { resolve: { conditions } },
        test: { ...server, name: 'server-isolated', include: ISOLATED },
      },
      {
        root: 'packages/contract',
        test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
