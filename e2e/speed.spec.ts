import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Response, test } from '@playwright/test';
import { filesNamedByScripts, firstDownload, kb, sourcesOf, WEB_DIST } from './support/bundle.js';
import { createHouse, newPerson, setUpProfile, signUp, unique } from './support/people.js';

/**
 * What index.html makes every visitor download (the entry, every chunk it modulepreloads and the
 * stylesheet), gzip as the server sends it: React, the router, the sign-in client, the query cache and the
 * app's frame. Pages, dialogs and each language's catalogue come when first used.
 */
const FIRST_DOWNLOAD_GOAL = 180 * 1024;

/** Libraries only the calendar page may load. */
const CALENDAR_ONLY = [/node_modules\/@fullcalendar\//, /node_modules\/ical\.js\//];

const withCalendarLibrary = (files: string[]) =>
  files.filter((file) => sourcesOf(file).some((source) => CALENDAR_ONLY.some((lib) => lib.test(source))));

test.describe('first download', () => {
  const first = firstDownload();

  test('index.html makes a visitor download at most 180 KB gzip: the entry and everything it preloads', async () => {
    const table = first.files.map((f) => `${f.file}: ${kb(f.gzip)} gzip, ${kb(f.br)} br`).join('\n');
    const total = `first download: ${kb(first.gzip)} gzip, ${kb(first.br)} br in ${first.files.length} files`;
    await test.info().attach('first-download.txt', { body: `${total}\n${table}\n` });
    console.log(total);
    expect(
      first.files.some((f) => /^assets\/index-[\w-]+\.js$/.test(f.file)),
      'the entry is counted',
    ).toBe(true);
    expect(
      first.files.some((f) => f.file.endsWith('.css')),
      'the stylesheet is counted',
    ).toBe(true);
    expect(first.gzip, total).toBeLessThanOrEqual(FIRST_DOWNLOAD_GOAL);
    // Brotli copies are smaller still; a missing one would show as equal sizes.
    expect(first.br).toBeLessThan(first.gzip);
  });

  test('the count is what a browser fetches: every script and stylesheet a visitor of / downloads first is in it', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname.replace(/^\//, '');
      if (/^assets\/.+\.(js|css)$/.test(path)) fetched.push(path);
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    const counted = new Set(first.files.map((f) => f.file));
    // The landing page's own chunk and the catalogue come after, with the page: the rest is counted.
    const later = (file: string) =>
      sourcesOf(file).some((source) => /\/src\/(features\/auth|lib\/i18n)\/|\/locales\//.test(source));
    expect(fetched.filter((file) => !counted.has(file) && !later(file))).toEqual([]);
    for (const file of counted) expect(fetched, `${file} is downloaded`).toContain(file);
  });

  test('the first download holds no calendar library', () => {
    expect(withCalendarLibrary(first.files.map((f) => f.file))).toEqual([]);
  });
});

test('every file a script names for loading is in the build (a missing one fails that lazy import)', () => {
  const named = filesNamedByScripts();
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter(({ file }) => !existsSync(join(WEB_DIST, file)))).toEqual([]);
});

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

test("index.html's one inline script (the theme) runs under the page's Content-Security-Policy", async ({
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
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .map((s) => s.textContent ?? '')
      .filter((s) => s.trim()),
  );
  expect(inline).toHaveLength(1);
  expect(inline[0]).toContain('hearth.theme');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  // Nothing else is put into the page by the build: its source and the built file differ by the theme
  // script and the build's own tags only.
  const built = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  expect(built).not.toMatch(/<link rel="preload" as="script"|<style>/);
});
