import { availableParallelism } from 'node:os';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The contract is consumed as TypeScript source in tests (the "@hearth/source" export condition).
const conditions = ['@hearth/source', ...defaultServerConditions];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine, where the tests wait on
    // the DOM set-up, imports and the database as much as on the CPU. Two took the suite from 447 s to 304 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        ssr: { resolve: { conditions } },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // The API test files share each worker's loaded modules (the app, Fastify, Kysely, the OIDC
          // provider) instead of loading them again per file, which was most of the project's time; every
          // file starts its own app on its own database, and none keeps state in a module.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        root: 'packages/contract',
        test: { name: 'contract', environment: 'node', include: ['src/**/*.test.ts'] },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
