/// <reference types="vitest/config" />

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './build/precompile-messages';
import { CLIENT_CONFIG_KEY, EARLY_READS, savedSignIn, sendEarlyReads } from './src/lib/early-reads';
import { preloadRouteScripts, ROUTE_SCRIPTS_KEY } from './src/lib/route-scripts';
import { LAST_LANGUAGE_KEY, spelledByBrowser, warmIntl } from './src/lib/warm-intl';

// The API server (and the built-in identity provider under /oidc) runs on port 3000 in development.
const apiServer = 'http://localhost:3000';

/*
 * Chunks. Left to itself the bundler gives every module that two lazy parts share a file of its own: a
 * page came in ~35 files, and on a phone's connection each costs a round trip. Instead the first screen's
 * modules are one file ('app', taken first), and everything the lazy parts share is one 'shell' file.
 * One, not one per set of pages: split shell files import each other in cycles, and a class then ran
 * before the class it extends. Kept out of the shell: the lazy modules themselves (pages, dialogs' panels,
 * catalogues each stay a file) and the libraries only one page or the dialogs need. Forms (react-hook-form)
 * and repeat rules (rrule) have a file each, holding the library and every shared module that uses it:
 * the shell never imports them, so Home, which shows no form, downloads neither.
 */
const onDemandLibraries =
  /[\\/]node_modules[\\/](@fullcalendar|ical\.js|@radix-ui|react-remove-scroll|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|@floating-ui|preact)[\\/]/;
const formsLibrary = /[\\/]node_modules[\\/]react-hook-form[\\/]/;
const repeatRulesLibrary = /[\\/]node_modules[\\/]rrule[\\/]/;
/**
 * The lazy parts around every signed-in page (the offline copy, the sidebar, and what the sidebar loads a
 * moment later: the due-reminder notices and the live stream): one 'frame' file with what only they use,
 * since a signed-in page needs all four. What they reach through a feature's index (the live-updates hook,
 * a few icons) stays in a small file beside it: two files where four were. A signed-out visitor downloads
 * none of it.
 */
const signedInFrame =
  /[\\/]src[\\/](app[\\/]offline[\\/]offline-copy\.tsx|app[\\/]layout[\\/]sidebar-layout\.tsx|features[\\/]reminders[\\/]components[\\/]due-reminder-notices\.tsx|features[\\/]live[\\/]live-connection\.ts)$/;

/** What the build has parsed: the modules imported with import(), and who imports each module. */
const lazyModules = new Set<string>();
const importersOf = new Map<string, string[]>();
const usersOfLibrary = new Map<RegExp, Set<string>>();

/**
 * A library's modules and every module that imports them, directly or through others, up to the lazy
 * modules (each heads a chunk of its own). Asked while chunking, once every module is parsed.
 */
function usersOf(library: RegExp): Set<string> {
  let users = usersOfLibrary.get(library);
  if (users) return users;
  users = new Set<string>();
  const next = [...importersOf.keys()].filter((id) => library.test(id));
  for (let id = next.pop(); id !== undefined; id = next.pop()) {
    if (users.has(id) || (lazyModules.has(id) && !library.test(id))) continue;
    users.add(id);
    next.push(...(importersOf.get(id) ?? []));
  }
  usersOfLibrary.set(library, users);
  return users;
}

let frameModules: Set<string> | null = null;

/** Whether a module is one of the frame's (signedInFrame) or imported only by them, directly or through others. */
function inFrame(id: string): boolean {
  if (!frameModules) {
    const members = new Set([...importersOf.keys()].filter((m) => signedInFrame.test(m)));
    for (let grew = true; grew; ) {
      grew = false;
      for (const [m, importers] of importersOf) {
        if (members.has(m) || lazyModules.has(m) || importers.length === 0) continue;
        if (importers.every((importer) => members.has(importer))) {
          members.add(m);
          grew = true;
        }
      }
    }
    frameModules = members;
  }
  return frameModules.has(id);
}

/** Notes every module something imports with import() (each stays the head of its own chunk) and who imports what. */
function noteModuleGraph(): Plugin {
  return {
    name: 'hearth:note-module-graph',
    apply: 'build',
    buildStart() {
      lazyModules.clear();
      importersOf.clear();
      usersOfLibrary.clear();
      frameModules = null;
    },
    moduleParsed(info) {
      for (const id of info.dynamicallyImportedIds) lazyModules.add(id);
      if (!importersOf.has(info.id)) importersOf.set(info.id, []);
      for (const id of info.importedIds) {
        const importers = importersOf.get(id);
        if (importers) importers.push(info.id);
        else importersOf.set(id, [info.id]);
      }
    },
  };
}

/**
 * React Router's package names only its development build (warnings and checks on every render; it says
 * this is for now, remix-run/react-router#12437), though it ships a production build beside it. The browser
 * build takes that one; tests and the dev server keep the warnings.
 */
function productionReactRouter(): Plugin {
  return {
    name: 'hearth:production-react-router',
    config(_config, { command }) {
      if (command !== 'build') return;
      const development = fileURLToPath(import.meta.resolve('react-router'));
      const production = development.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2');
      if (production === development) throw new Error(`react-router's build not found beside ${development}`);
      return { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } };
    },
  };
}

export default defineConfig({
  plugins: [
    noteModuleGraph(),
    // The catalogue's messages parsed at build time; the browser build drops the ICU parser (an alias).
    precompileMessages(),
    productionReactRouter(),
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
    inlineFirstStyles(),
    inlineThemeScript(),
    // On a return visit the page's own chunks download alongside the entry.
    inlineCall('route scripts', preloadRouteScripts, ROUTE_SCRIPTS_KEY),
    // ... and the profile every signed-in page starts from.
    inlineCall('early reads', sendEarlyReads, EARLY_READS, CLIENT_CONFIG_KEY, savedSignIn),
    inlineCall('warm intl', warmIntl, LAST_LANGUAGE_KEY, spelledByBrowser),
    preloadSharedChunks(),
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
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 4 },
            // What these take is theirs alone: its other imports stay in the shell, which they import.
            ...[
              { name: 'repeat', library: repeatRulesLibrary, priority: 3 },
              { name: 'forms', library: formsLibrary, priority: 2 },
            ].map(({ name, library, priority }) => ({
              name,
              test: (id: string) => usersOf(library).has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority,
            })),
            {
              name: 'shell',
              test: (id: string) => !lazyModules.has(id) && !onDemandLibraries.test(id),
              minShareCount: 2,
              priority: 1,
            },
            // After the shell: what the frame shares with the pages stays there.
            { name: 'frame', test: inFrame, includeDependenciesRecursively: false, priority: 0 },
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
 * Every visit needs the shared chunks (the sign-in client is in them, for the Login button too), yet the
 * app asks for them only once its entry has run. Named in index.html as modulepreload, they download
 * alongside the entry instead of after it; the first paint still waits for none of them.
 */
function preloadSharedChunks(): Plugin {
  return {
    name: 'hearth:preload-shared-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const shared = Object.values(ctx.bundle ?? {}).filter(
          (file) => file.type === 'chunk' && !file.isEntry && ['shell', 'auth-provider'].includes(file.name),
        );
        const links = shared.map(
          (chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`,
        );
        return html.replace('</head>', `${links.join('')}</head>`);
      },
    },
  };
}

/**
 * Puts the app's main stylesheet into index.html itself: the first paint (the spinner index.html draws)
 * then waits for no other request, and nothing downloads these rules again. Inline styles are allowed by the Content-Security-Policy; the
 * stylesheets of lazy pages still come as files.
 */
function inlineFirstStyles(): Plugin {
  return {
    name: 'hearth:inline-first-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/index-[\w-]+\.css)">/,
          (tag, fileName: string) => {
            const asset = ctx.bundle?.[fileName];
            if (asset?.type !== 'asset') return tag;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            // Lazy chunks that import the entry name its stylesheet among what they need, and Vite's loader
            // fetches (and waits for) each such stylesheet unless a <link rel="stylesheet"> to it is in the page.
            // A disabled one is never fetched (nor applied), but it tells the loader these rules are here.
            return `<style>${css}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}

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

/**
 * Puts a function of the app's into index.html in place of `<!-- name -->`, called with `args` (JSON, or
 * a function's own source): it runs while the page is parsed, before the app's code. Allowed by its hash,
 * as the theme script is. The functions must name nothing from outside themselves.
 */
function inlineCall<Args extends unknown[]>(
  name: string,
  fn: (...args: Args) => void,
  ...args: Args
): Plugin {
  return {
    name: `hearth:inline-${name.replace(/\W+/g, '-')}`,
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!html.includes(`<!-- ${name} -->`)) throw new Error(`index.html has no <!-- ${name} -->`);
        const source = (arg: unknown) => (typeof arg === 'function' ? arg.toString() : JSON.stringify(arg));
        const call = `(${fn.toString()})(${args.map(source).join(',')});`;
        return html.replace(`<!-- ${name} -->`, () => `<script>${call}</script>`);
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
