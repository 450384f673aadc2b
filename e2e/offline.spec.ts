import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from './playwright.config.js';
import { api, houseCodeOf, housemate, screenshots } from './support/people.js';

const item = (page: Page, name: string) => page.getByRole('checkbox', { name });

/**
 * Whether the offline copy (IndexedDB) in this browser holds `text` yet in the answer of a query whose
 * key starts with `key` (the copy is saved half a second after a change).
 */
function savedOffline(page: Page, key: string[], text: string): Promise<boolean> {
  return page.evaluate(
    ({ key, wanted }) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('hearth-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('copy')) return resolve(false);
          const all = db.transaction('copy').objectStore('copy').getAll();
          all.onsuccess = () => {
            const queries = (
              all.result as { state?: { queries?: { queryKey: unknown[]; state: unknown }[] } }[]
            )
              .flatMap((entry) => entry.state?.queries ?? [])
              .filter((q) => key.every((part, i) => q.queryKey[i] === part));
            resolve(queries.some((q) => JSON.stringify(q.state).includes(wanted)));
          };
          all.onerror = () => reject(all.error);
        };
      }),
    { key, wanted: text },
  );
}

/** Waits until the service worker controls the page, so a reload can come from its precache. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

/**
 * Takes the context's connection away, or gives it back. With emulated offline alone, a CI run once saw the
 * first write (the one the app tries before queueing) reach the server while the app saw it fail and
 * queued it: right for the app, which cannot know, but the housemate then saw it early. Refusing /api too
 * makes "nobody else has seen it yet" hold for every request.
 */
async function connection(context: BrowserContext, online: boolean) {
  if (online) {
    await context.unroute(API);
    await context.setOffline(false);
  } else {
    await context.setOffline(true);
    await context.route(API, (route) => route.abort('internetdisconnected'));
  }
}
const API = /\/api\//;

interface Lists {
  grocery_list_id: number;
  grocery_list_name: string;
  items: { grocery_item_name: string; completed: boolean }[];
}

test('groceries offline: five adds and two ticks wait on the device through a reload and reach the server once each', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  await ann.page.setViewportSize({ width: 375, height: 812 });
  for (const { page } of [ann, ben]) await page.goto('/groceries');
  await ann.page.getByRole('textbox', { name: 'New list name' }).fill('Weekly shop');
  await ann.page.getByRole('button', { name: 'Create List' }).click();
  await expect(ben.page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  await controlledByServiceWorker(ann.page);

  await connection(ann.context, false);
  await expect(ann.page.getByText(/You're offline/)).toBeVisible();
  const names = ['Milk', 'Eggs', 'Bread', 'Apples', 'Coffee'];
  const addBox = ann.page.getByRole('textbox', { name: 'Add new item' });
  for (const name of names) {
    await addBox.fill(name);
    await addBox.press('Enter');
    await expect(item(ann.page, name)).toBeVisible();
  }
  await item(ann.page, 'Milk').click();
  await item(ann.page, 'Coffee').click();
  await expect(item(ann.page, 'Milk')).toBeChecked();

  const waiting = ann.page.getByRole('list', { name: 'Waiting to be sent' });
  await expect(
    ann.page.getByRole('status').filter({ hasText: '7 changes saved on this device' }),
  ).toBeVisible();
  // Each changed row says so in words, read out with its checkbox.
  const chips = ann.page.getByText('Waiting to send', { exact: true });
  await expect(chips).toHaveCount(names.length);
  for (const name of names) await expect(item(ann.page, name)).toHaveAccessibleDescription('Waiting to send');
  await expect(waiting.getByRole('listitem')).toHaveText([
    'Add “Milk” (waiting to be sent)',
    'Add “Eggs” (waiting to be sent)',
    'Add “Bread” (waiting to be sent)',
    'Add “Apples” (waiting to be sent)',
    'Add “Coffee” (waiting to be sent)',
    'Tick “Milk” (waiting to be sent)',
    'Tick “Coffee” (waiting to be sent)',
  ]);

  // A reload without a connection: the app shell comes from the service worker, the list from the offline
  // copy, and the seven changes are still waiting.
  await ann.page.reload();
  await expect(ann.page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  for (const name of names) await expect(item(ann.page, name)).toBeVisible();
  await expect(item(ann.page, 'Milk')).toBeChecked();
  await expect(item(ann.page, 'Coffee')).toBeChecked();
  await expect(item(ann.page, 'Eggs')).not.toBeChecked();
  await expect(waiting.getByRole('listitem')).toHaveCount(7);
  await expect(chips).toHaveCount(names.length);
  await expect(item(ann.page, 'Eggs')).toHaveAccessibleDescription('Waiting to send');
  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'offline-pending');
  await ann.page.setViewportSize({ width: 375, height: 812 });
  const axe = await new AxeBuilder({ page: ann.page }).analyze();
  expect(axe.violations).toEqual([]);
  // Ben, online, has seen none of it.
  for (const name of names) await expect(item(ben.page, name)).toHaveCount(0);

  await connection(ann.context, true);
  await expect(waiting).toHaveCount(0, { timeout: 20_000 });
  await expect(ann.page.getByText(/You're offline/)).toHaveCount(0);
  // Sent: the marks are gone.
  await expect(chips).toHaveCount(0);
  await expect(item(ann.page, 'Eggs')).toHaveAccessibleDescription('');

  // The server has each exactly once, the two ticks applied.
  const lists = await api<Lists[]>(ann.page, 'GET', '/api/grocery-list/');
  const shop = lists.find((l) => l.grocery_list_name === 'Weekly shop');
  expect(shop?.items.map((i) => i.grocery_item_name).sort()).toEqual([...names].sort());
  expect(
    shop?.items
      .filter((i) => i.completed)
      .map((i) => i.grocery_item_name)
      .sort(),
  ).toEqual(['Coffee', 'Milk']);

  // Ben's screen shows them without a reload.
  for (const name of names) await expect(item(ben.page, name)).toBeVisible();
  await expect(item(ben.page, 'Milk')).toBeChecked();
  await expect(item(ben.page, 'Coffee')).toBeChecked();

  await ann.context.close();
  await ben.context.close();
});

test('a failed add keeps what was typed, and a double-click adds once', async ({ browser }) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const { page } = ann;
  await page.goto('/groceries');
  const listBox = page.getByRole('textbox', { name: 'New list name' });
  const createList = page.getByRole('button', { name: 'Create List' });

  // The server refuses: the banner says so and the typed name is back in its field.
  await page.route('**/api/grocery-list/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'Something went wrong.' } },
        })
      : route.fallback(),
  );
  await listBox.fill('Weekly shop');
  await createList.click();
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't create that list." })).toBeVisible();
  await expect(listBox).toHaveValue('Weekly shop');
  await expect(page.getByRole('heading', { name: 'Weekly shop' })).toHaveCount(0);
  await page.unroute('**/api/grocery-list/');

  // A double-click creates one list.
  await createList.dblclick();
  await expect(page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  await expect(listBox).toHaveValue('');

  const addBox = page.getByRole('textbox', { name: 'Add new item' });
  await page.route('**/api/grocery-item/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'Something went wrong.' } },
        })
      : route.fallback(),
  );
  await addBox.fill('Potatoes');
  await addBox.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: "We couldn't add that item." })).toBeVisible();
  await expect(addBox).toHaveValue('Potatoes');
  await expect(addBox).toBeFocused();
  await expect(page.getByRole('checkbox', { name: 'Potatoes' })).toHaveCount(0);
  await page.unroute('**/api/grocery-item/');

  await page.getByRole('button', { name: 'Add', exact: true }).dblclick();
  await expect(page.getByRole('checkbox', { name: 'Potatoes' })).toBeVisible();
  await expect(addBox).toHaveValue('');

  // The server has one list and one item.
  await expect
    .poll(async () => {
      const lists = await api<Lists[]>(page, 'GET', '/api/grocery-list/');
      return lists.map((l) => [l.grocery_list_name, l.items.map((i) => i.grocery_item_name)]);
    })
    .toEqual([['Weekly shop', ['Potatoes']]]);
  await ann.context.close();
});

test('the calendar and reminders read offline after a reload', async ({ browser }, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const { page } = ann;
  const me = await api<{ house_id: number }>(page, 'GET', '/api/users/me');
  const soon = new Date(Date.now() + 2 * 3600_000);
  soon.setUTCMinutes(0, 0, 0);
  await api(page, 'POST', '/api/event/', {
    house_id: me.house_id,
    title: 'Bin day barbecue',
    start_datetime: soon.toISOString(),
    end_datetime: new Date(soon.getTime() + 3600_000).toISOString(),
    time_zone: 'UTC',
  });
  await api(page, 'POST', '/api/reminder/', {
    title: 'Water the tomatoes',
    description: 'Both beds',
    remind_time: soon.toISOString(),
    time_zone: 'UTC',
  });
  const event = page.locator('.fc-event.hearth-layer-house', { hasText: 'Bin day barbecue' });
  const reminder = page.getByRole('heading', { name: 'Water the tomatoes' });

  // Seen once online.
  await page.goto('/calendar');
  await expect(event.first()).toBeVisible();
  await expect.poll(() => savedOffline(page, ['events', 'range', 'house'], 'Bin day barbecue')).toBe(true);
  // The layers (tasks, bills, away, reminders) are a read of their own, kept beside it.
  await expect
    .poll(() => savedOffline(page, ['events', 'range', 'layers UTC'], 'Water the tomatoes'))
    .toBe(true);
  await page.goto('/reminders');
  await expect(reminder).toBeVisible();
  await expect.poll(() => savedOffline(page, ['reminders', 'list'], 'Water the tomatoes')).toBe(true);
  await controlledByServiceWorker(page);

  await ann.context.setOffline(true);
  await page.reload();
  await expect(reminder).toBeVisible();
  await expect(page.getByText(/You're offline/)).toBeVisible();
  await page.goto('/calendar');
  await expect(event.first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('offline-calendar.png') });
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Reminders' }).click();
  await expect(reminder).toBeVisible();
  await ann.context.close();
});

test('a change that can no longer apply is dropped with a notice once back online', async ({ browser }) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  await ann.page.goto('/groceries');
  await ann.page.getByRole('textbox', { name: 'New list name' }).fill('Party');
  // The list shows at once; it is on the server once its create is answered.
  const created = ann.page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/grocery-list/') && r.ok(),
  );
  await ann.page.getByRole('button', { name: 'Create List' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Party' })).toBeVisible();
  await created;

  await ann.context.setOffline(true);
  const addBox = ann.page.getByRole('textbox', { name: 'Add new item' });
  await addBox.fill('Balloons');
  await addBox.press('Enter');
  await expect(ann.page.getByRole('list', { name: 'Waiting to be sent' })).toContainText('Add “Balloons”');

  // Meanwhile Ben deletes the list.
  const party = (await api<Lists[]>(ben.page, 'GET', '/api/grocery-list/')).find(
    (l) => l.grocery_list_name === 'Party',
  );
  await api(ben.page, 'DELETE', `/api/grocery-list/${party?.grocery_list_id}`);

  await ann.context.setOffline(false);
  const notice = ann.page.getByRole('alert').filter({ hasText: 'could not be saved' });
  await expect(notice).toContainText('Add “Balloons”: It no longer exists: someone may have deleted it.');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await expect(item(ann.page, 'Balloons')).toHaveCount(0);

  await ann.context.close();
  await ben.context.close();
});

test('Chromium finds the app installable: manifest with a maskable icon and a service worker', async ({
  baseURL,
}) => {
  // An ordinary (non-incognito) profile: Chromium never offers to install from an incognito one.
  const profile = mkdtempSync(join(tmpdir(), 'hearth-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    ...(baseURL && { baseURL }),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlledByServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      theme_color: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(parsed.name).toBe('Hearth');
    expect(parsed.theme_color).toBe('#7a4e2d');
    expect(parsed.icons).toContainEqual(expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }));

    // The app shell opens without a connection.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** How many entries the offline copy (IndexedDB) holds in this browser. */
function offlineEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('hearth-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('copy')) return resolve(0);
          const count = db.transaction('copy').objectStore('copy').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

test('signing out deletes the offline copy and ends the provider session in one step', async ({
  browser,
}) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const { page } = ann;
  await page.goto('/groceries');
  await page.getByRole('textbox', { name: 'New list name' }).fill('Weekly shop');
  await page.getByRole('button', { name: 'Create List' }).click();
  await expect(page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  await expect.poll(() => offlineEntries(page)).toBeGreaterThan(0);

  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  // Straight back to Hearth's landing page: the provider asked nothing.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await offlineEntries(page)).toBe(0);

  // The provider's session is over too: Login asks for the password again.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await ann.context.close();
});
