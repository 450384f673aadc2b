/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API server (and the built-in identity provider under /oidc) runs on port 3000 in development.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // '@hearth/source' makes '@hearth/contract' resolve to its TypeScript source: no contract build step needed.
    conditions: ['@hearth/source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/oidc': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // The contract's schemas (TypeBox `Type.*` calls) are for the server; the browser uses its types and
        // a few constants. Marking the calls pure lets unused schemas, and with them TypeBox, drop out.
        manualPureFunctions: ['Type'],
        // The app's own modules only declare things (main.tsx alone renders): one a page never uses, such
        // as a component re-exported by a feature's index, stays out of that page's chunk.
        moduleSideEffects: (id: string) =>
          !/[\\/](typebox|contract)[\\/]/.test(id) &&
          !/[\\/]apps[\\/]web[\\/]src[\\/](?!main\.tsx$).*\.tsx?$/.test(id),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
