import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The contract is consumed as TypeScript source in tests (the "@hearth/source" export condition).
const conditions = ['@hearth/source', ...defaultServerConditions];

export default defineConfig({
  test: {
    projects: [
      {
        ssr: { resolve: { conditions } },
        // scripts/node24-api-tests.sh points better-sqlite3 at a copy compiled for that Node version.
        resolve: {
          alias: process.env.HEARTH_BETTER_SQLITE3
            ? { 'better-sqlite3': process.env.HEARTH_BETTER_SQLITE3 }
            : {},
        },
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
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
