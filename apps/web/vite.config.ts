/// <reference types="vitest/config" />

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './build/precompile-messages';

// The API server (and the built-in identity provider under /oidc) runs on port 3000 in development.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // The catalogue's messages parsed at build time; the browser build drops the ICU parser (an alias).
    precompileMessages(),
    react(),
    tailwindcss(),
    // Installable: a web app manifest, and Hearth's own service worker (src/sw/sw.ts): it keeps the app shell
    // (every built file) so Hearth opens without a connection, and shows pushed notifications; the house's
    // data comes from its own offline copy.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      // A separate registerSW.js (the Content-Security-Policy allows no inline script), deferred: it must not
      // hold up the first paint.
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
      manifest: {
        id: '/',
        name: 'Hearth',
        short_name: 'Hearth',
        description: 'A shared calendar, grocery lists and reminders for the people you live with.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        background_color: '#faf6f0',
        theme_color: '#7a4e2d',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The precache list the worker receives; its routes (index.html for any page but /api and /oidc) and
      // its update rules (take over at once) are in the worker itself.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
    inlineThemeScript(),
    precompress(),
  ],
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
    // dist/.vite/manifest.json: which files each entry and lazy route loads (the speed test reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router, which change less often than the app: one file, cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
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

/**
 * Puts public/theme.js into index.html itself (its opening comment left out): the theme is on <html> before
 * the first paint, which then waits for no request. The server allows this one inline script by its hash
 * (its Content-Security-Policy allows no other); the built-in sign-in pages still load the file.
 */
function inlineThemeScript(): Plugin {
  return {
    name: 'hearth:inline-theme-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const script = (await readFile(join(import.meta.dirname, 'public/theme.js'), 'utf8'))
          .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
          .trim();
        return html.replace('<script src="/theme.js"></script>', () => `<script>${script}</script>`);
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) next to every text file of the build, once,
 * so the server sends them as they are (web-static's `preCompressed`) instead of compressing each answer.
 * Runs last, after the service worker is written. A compressed copy that saves nothing is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = async (dir: string): Promise<string[]> =>
    (await readdir(dir, { withFileTypes: true })).flatMap((entry) =>
      entry.isDirectory() ? [] : [join(dir, entry.name)],
    );
  return {
    name: 'hearth:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = [...(await walk(outDir)), ...(await walk(join(outDir, 'assets')))].filter((f) =>
          /\.(js|css|html|svg|webmanifest|json)$/.test(f),
        );
        await Promise.all(
          files.map(async (file) => {
            const raw = await readFile(file);
            if (raw.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzipAsync(raw, { level: 9 }),
            ]);
            if (br.length < raw.length * 0.95) await writeFile(`${file}.br`, br);
            if (gz.length < raw.length * 0.95) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
