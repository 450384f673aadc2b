import { defineConfig } from 'vitest/config';

// The contract is consumed as TypeScript source in tests (the "source" export condition).
const conditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: ['source'] } },
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
