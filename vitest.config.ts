import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// The contract is consumed as TypeScript source in tests (the "@hearth/source" export condition).
const conditions = ['@hearth/source', ...defaultServerConditions];

export default defineConfig({
  test: {
    projects: [
      {
        ssr: { resolve: { conditions } },
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
