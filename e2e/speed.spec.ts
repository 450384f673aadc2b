import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Response, test } from '@playwright/test';
import {
  filesNamedByScripts,
  firstScreenScripts,
  kb,
  readManifest,
  sourcesOf,
  WEB_DIST,
} from './support/bundle.js';
import { createHouse, housemate, newPerson, setUpProfile, signUp, unique } from './support/people.js';

/**
 * The first screen's JavaScript (index.html's entry and its static imports), gzip as the server sends it:
 * React, the router's declarative mode, the route table and the sign-in screen's words. The sign-in client,
 * TanStack Query and the rest of the catalogue come with the pages that use them.
 */
const FIRST_SCREEN_GOAL = 100 * 1024;

/** Libraries only the calendar page may load. */
const CALENDAR_ONLY = [/node_modules\/@fullcalendar\//, /node_modules\/ical\.js\//];

test.describe('first download', () => {
  const first = firstScreenScripts();

  test('the first screen loads at most 100 KB of JavaScript, each file as the build compressed it', async () => {
    const testInfo = test.info();
    const table = first.files.map((f) => `${f.file}: ${kb(f.gzip)} gzip, ${kb(f.br)} br`).join('\n');
    const total = `first screen: ${kb(first.gzip)} gzip, ${kb(first.br)} br in ${first.files.length} files`;
    await testInfo.attach('first-screen.txt', { body: `${total}\n${table}\n` });
    console.log(total);
    // One file: on a phone's connection every further file is another round trip before the first paint.
    expect(first.files.length, total).toBe(1);
    expect(first.gzip, total).toBeLessThanOrEqual(FIRST_SCREEN_GOAL);
    // Brotli copies are smaller still; a missing one would show as equal sizes.
    expect(first.br).toBeLessThan(first.gzip);
  });

  test('the first screen holds no sign-in client, query cache or later words', () => {
    const sources = first.files.flatMap((f) => sourcesOf(f.file));
    expect(sources.some((source) => /node_modules\/react-dom\//.test(source))).toBe(true);
    for (const later of [
      /node_modules\/oidc-client-ts\//,
      /node_modules\/@tanstack\//,
      /node_modules\/i18next/,
      // Messages come compiled: only the parser-free entry of the ICU package.
      /icu-messageformat-parser\/(?!no-parser\.js$)/,
    ]) {
      expect(sources.filter((source) => later.test(source))).toEqual([]);
    }
  });
});

/**
 * The built files a page's chunk may bring: its static imports and, unless `lazy` is false, its lazy ones,
 * transitively. The entry's own lazy imports are the route table (every page), so they are not followed.
 */
function reachable(from: string, lazy = true): string[] {
  const manifest = readManifest();
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key) || key === 'index.html') continue;
    seen.add(key);
    stack.push(...(manifest[key]?.imports ?? []), ...((lazy && manifest[key]?.dynamicImports) || []));
  }
  return [...seen].map((key) => manifest[key]?.file as string).filter((file) => file.endsWith('.js'));
}

/**
 * The manifest's key for the chunk that holds the app's module `source` (e.g. 'app/layout/sidebar-layout.tsx'):
 * a lazy module the build merged into a chunk with others is listed under that chunk's name, not its own.
 */
function chunkOf(source: string): string {
  const manifest = readManifest();
  const key = Object.keys(manifest).find((k) =>
    sourcesOf(manifest[k]?.file ?? '').some((s) => s.endsWith(`/src/${source}`)),
  );
  if (!key) throw new Error(`no built chunk holds ${source}`);
  return key;
}

const withCalendarLibrary = (files: string[]) =>
  files.filter((file) => sourcesOf(file).some((source) => CALENDAR_ONLY.some((lib) => lib.test(source))));

// The main stylesheet is inlined into index.html, yet lazy chunks still name it among what they preload.
test('every file a script names for loading is in the build (a missing one fails that lazy import)', () => {
  const named = filesNamedByScripts();
  expect(named.some(({ file }) => file.endsWith('.css'))).toBe(true);
  expect(named.filter(({ file }) => !existsSync(join(WEB_DIST, file)))).toEqual([]);
});

test("Home's code, and everything it may load later, holds no calendar library", () => {
  const home = reachable('src/features/home/pages/home-page.tsx');
  expect(home.length).toBeGreaterThan(3);
  expect(withCalendarLibrary(home)).toEqual([]);
  // The same walk from the calendar page finds it: the check sees what it looks for.
  expect(
    withCalendarLibrary(reachable('src/features/events/pages/calendar-page.tsx')).length,
  ).toBeGreaterThan(0);
});

/** The built files a page's chunk brings with it when it loads: its static imports, transitively. */
const loadedWith = (from: string) => reachable(from, false);

/** The modules of the signed-in pages people open most. */
const MAIN_PAGES = [
  'src/features/home/pages/home-page.tsx',
  'src/features/tasks/pages/tasks-page.tsx',
  'src/features/bills/pages/bills-page.tsx',
  'src/features/groceries/pages/groceries-page.tsx',
  'src/features/events/pages/calendar-page.tsx',
];

const withRadix = (files: string[]) =>
  files.filter((file) => sourcesOf(file).some((source) => /node_modules\/@radix-ui\//.test(source)));

test("no file of the web app holds TypeBox: the contract's schemas are the server's", () => {
  const files = readdirSync(join(WEB_DIST, 'assets')).filter((name) => name.endsWith('.js'));
  expect(files.length).toBeGreaterThan(10);
  const withTypeBox = files.filter((name) =>
    sourcesOf(`assets/${name}`).some((source) => /node_modules\/typebox\//.test(source)),
  );
  expect(withTypeBox).toEqual([]);
  // The contract's constants are there: the check reads the maps it needs.
  expect(
    files.some((name) => sourcesOf(`assets/${name}`).some((s) => s.endsWith('contract/src/bills.ts'))),
  ).toBe(true);
});

test("React Router comes in its production build, without the development build's checks", () => {
  const files = readdirSync(join(WEB_DIST, 'assets')).filter((name) => name.endsWith('.js'));
  const sources = files.flatMap((name) => sourcesOf(`assets/${name}`));
  expect(sources.filter((source) => /node_modules\/react-router\/dist\/development\//.test(source))).toEqual(
    [],
  );
  expect(sources.some((source) => /node_modules\/react-router\/dist\/production\//.test(source))).toBe(true);
});

test("no page's code brings the dialogs' Radix code with it: that loads when a dialog opens", () => {
  for (const page of [...MAIN_PAGES, chunkOf('app/layout/sidebar-layout.tsx')]) {
    expect(withRadix(loadedWith(page)), page).toEqual([]);
  }
  // The same pages may load it later: the check sees what it looks for.
  expect(withRadix(reachable('src/features/tasks/pages/tasks-page.tsx')).length).toBeGreaterThan(0);
});

// Left to itself the bundler gives each module that two lazy parts share a file of its own (a page came in
// ~35 files, each a round trip on a phone); the shared code is merged instead (codeSplitting in vite.config).
test('a page comes in a handful of files: its own, the shared shell and its own libraries', () => {
  // The sign-in guard, the offline copy and the sidebar are merged into chunks with others: found by module.
  const shell = [
    chunkOf('features/auth/require-auth.tsx'),
    'src/app/auth-provider.tsx',
    chunkOf('app/offline/offline-copy.tsx'),
    chunkOf('app/layout/sidebar-layout.tsx'),
  ].flatMap((part) => loadedWith(part));
  for (const page of MAIN_PAGES) {
    const files = new Set([...shell, ...loadedWith(page)]);
    expect(files.size, `${page}: ${[...files].join(', ')}`).toBeLessThanOrEqual(6);
  }
  // What surrounds every signed-in page, including what the sidebar loads a moment later, is one file.
  const frame = [
    'app/offline/offline-copy.tsx',
    'app/layout/sidebar-layout.tsx',
    'features/reminders/components/due-reminder-notices.tsx',
    'features/live/live-connection.ts',
  ].map(chunkOf);
  expect(new Set(frame).size).toBe(1);
});

test('index.html has the browser fetch the shared chunks alongside the entry, not after it has run', () => {
  const manifest = readManifest();
  const shared = Object.entries(manifest)
    .filter(([key]) => /^_shell-[\w-]+\.js$/.test(key) || key === 'src/app/auth-provider.tsx')
    .map(([, chunk]) => chunk.file);
  expect(shared.length).toBe(2);
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  for (const file of shared) expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
});

/** Every script the page requests from now on, with its answer. */
function recordScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return scripts;
}

const builtFile = (response: Response) => new URL(response.url()).pathname.replace(/^\//, '');

const calendarOnlyIn = (responses: Response[]) => withCalendarLibrary(responses.map(builtFile));

test('Home loads no calendar library; the calendar page does; files arrive precompressed', async ({
  page,
}) => {
  const person = newPerson('Sky', 'Fast');
  await signUp(page, person);
  await setUpProfile(page, person);
  await createHouse(page, unique('Quick '));

  // A fresh load of Home, as a returning person opens the app.
  const scripts = recordScripts(page);
  const pageAnswer = await page.goto('/home');
  await expect(page.getByRole('list', { name: 'This week, day by day' })).toBeVisible();
  // The live stream stays open (no network idle): give late chunks a moment to be asked for.
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  expect(scripts.length).toBeGreaterThan(3);
  expect(calendarOnlyIn(scripts)).toEqual([]);

  // index.html revalidates; hashed files are kept a year; both come as the build's brotli copies.
  const pageHeaders = await pageAnswer?.allHeaders();
  expect(pageHeaders?.['cache-control']).toBe('no-cache');
  expect(pageHeaders?.['content-encoding']).toBe('br');
  const entry = scripts.find((s) => /\/assets\/index-[\w-]+\.js$/.test(s.url()));
  expect(entry, 'the entry script was loaded').toBeDefined();
  const entryHeaders = await entry?.allHeaders();
  expect(entryHeaders?.['content-encoding']).toBe('br');
  expect(entryHeaders?.vary).toMatch(/accept-encoding/i);
  expect(entryHeaders?.['cache-control']).toBe('public, max-age=31536000, immutable');

  // The calendar page brings FullCalendar with it: the check above can see it.
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page.locator('.fc').first()).toBeVisible();
  expect(calendarOnlyIn(scripts).length).toBeGreaterThan(0);
});

test("a return visit asks for the page's own code from index.html, alongside the entry", async ({ page }) => {
  const person = newPerson('Rue', 'Turn');
  await signUp(page, person);
  await setUpProfile(page, person);
  await createHouse(page, unique('Again '));
  // What index.html asked for, by the path it wrote (the app's own loader writes whole URLs, later).
  const preloaded = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')]
        .map((l) => l.getAttribute('href') ?? '')
        .filter((href) => href.startsWith('/assets/')),
    );

  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  expect((await preloaded()).filter((href) => /tasks-page-/.test(href))).toEqual([]);
  // The app remembers what this address's start-up fetched a few seconds in.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('hearth.route-scripts') ?? ''), { timeout: 15_000 })
    .toContain('/tasks');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  const again = await preloaded();
  expect(again.filter((href) => /^\/assets\/tasks-page-[\w-]+\.js$/.test(href))).toHaveLength(1);
});

test('a signed-in start asks for the profile from index.html, while the page is parsed, and only once', async ({
  page,
}) => {
  const person = newPerson('Early', 'Reader');
  await signUp(page, person);
  await setUpProfile(page, person);
  await createHouse(page, unique('Early '));
  // Each read of the API with the document's state when it was sent: 'loading' is index.html's own script.
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { reads: string[] }).reads = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/') && (init?.method ?? 'GET') === 'GET')
        sent.push(`${document.readyState} ${url}`);
      return original(input, init);
    };
  });

  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByText('No tasks yet')).toBeVisible();
  const reads = await page.evaluate(() => (window as unknown as { reads: string[] }).reads);
  expect(reads).toContain('loading /api/users/me');
  // The app took that answer: the profile was not asked for a second time. The page's own reads are the app's.
  expect(reads.filter((read) => read.endsWith(' /api/users/me'))).toEqual(['loading /api/users/me']);
  expect(reads).toContain('complete /api/task/');
  // The profile drawn (in the menu) is the one the early answer brought.
  await expect(page.getByText('Early Reader').first()).toBeAttached();
});

test("a signed-out visitor of / gets the sign-in screen without the signed-in app's code or words", async ({
  page,
}) => {
  const manifest = readManifest();
  const signedInOnly = Object.entries(manifest)
    .filter(
      ([key]) => /lib\/i18n\/en-later\.ts$/.test(key) || key === chunkOf('app/layout/sidebar-layout.tsx'),
    )
    .map(([, chunk]) => chunk.file);
  // The check knows what it looks for: English's later words and the sidebar are built files of their own.
  expect(signedInOnly).toHaveLength(2);

  const scripts = recordScripts(page);
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/config') configRequests.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
  // index.html asks for the sign-in settings while the code downloads, and the app uses that answer.
  expect(configRequests).toHaveLength(1);
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.map(builtFile).filter((file) => signedInOnly.includes(file))).toEqual([]);
});

test("index.html lays out, before the app's code, a word in each size and weight the pages' text uses", async ({
  browser,
}) => {
  const { context, page } = await housemate(browser, { firstName: 'Wren', lastName: 'Warm' });

  // The words index.html hides beside its spinner, laid out here as the app's styles draw them.
  const warmed = await page.evaluate(async () => {
    const html = await (await fetch('/', { headers: { accept: 'text/html' } })).text();
    const words = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelectorAll('#root .invisible[aria-hidden="true"] > span');
    const box = document.createElement('div');
    box.className = 'invisible absolute';
    box.append(...[...words].map((word) => document.importNode(word, true)));
    document.body.append(box);
    const fonts = [...box.children].map((word) => {
      const style = getComputedStyle(word);
      return `${style.fontSize} ${style.fontWeight} ${style.fontFamily}`;
    });
    box.remove();
    return fonts;
  });
  expect(warmed.length).toBeGreaterThan(5);

  // Every font the main pages' text is drawn in at start (the calendar's grid draws its own, later).
  const pages = [
    ['/home', page.getByRole('heading', { level: 1 })],
    ['/groceries', page.getByRole('heading', { level: 1, name: 'Groceries' })],
    ['/tasks', page.getByRole('heading', { level: 1, name: 'Tasks' })],
    ['/bills', page.getByRole('heading', { level: 1, name: 'Bills' })],
    ['/calendar', page.locator('.fc').first()],
  ] as const;
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ]) {
    const { width } = viewport;
    await page.setViewportSize(viewport);
    for (const [path, landmark] of pages) {
      await page.goto(path);
      await expect(landmark).toBeVisible();
      await page.waitForTimeout(500);
      const used = await page.evaluate(() => {
        const fonts = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (!node.textContent?.trim() || !element || element.closest('.fc')) continue;
          if (!element.checkVisibility({ visibilityProperty: true })) continue;
          const style = getComputedStyle(element);
          fonts.add(`${style.fontSize} ${style.fontWeight} ${style.fontFamily}`);
        }
        return [...fonts];
      });
      expect(used.length, `${path} at ${width} px shows text`).toBeGreaterThan(3);
      expect(
        used.filter((font) => !warmed.includes(font)),
        `${path} at ${width} px: fonts index.html's hidden words do not load early`,
      ).toEqual([]);
    }
  }
  await context.close();
});

test("index.html's inline start-up scripts all run under the page's Content-Security-Policy", async ({
  page,
}) => {
  // Noted from the document's start, before any of index.html's scripts runs.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sample}`),
    );
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // The theme, the route scripts' preload, the early reads and the Intl warm-up are inline, not files of
  // their own.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .map((s) => s.textContent ?? '')
      .filter((s) => s.trim()),
  );
  expect(inline.length).toBeGreaterThanOrEqual(4);
  expect(inline.some((script) => script.includes('sendEarlyReads'))).toBe(true);
  expect(inline.some((script) => script.includes('Intl.PluralRules'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
});
