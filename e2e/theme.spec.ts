import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, createHouse, newPerson, type Person, setUpProfile, unique } from './support/people.js';

type Theme = 'light' | 'dark';

// Screenshots of every page in the dark theme, kept for people to look at.
const DARK_SHOTS = join(import.meta.dirname, 'artifacts', 'dark');

type Rgba = [number, number, number, number];

/** The relative luminance (0 black .. 1 white) of a colour as sRGB bytes. */
function luminance([r, g, b]: Rgba): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
}

/**
 * The colours a person sees: the page's own background, and the surface in the middle of the screen (a
 * card, a dialog, the calendar), with data-theme and color-scheme on <html>. A canvas
 * turns any CSS colour (rgb(), color-mix() results, color(srgb ...)) into bytes.
 */
function readColours(page: Page) {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const bytes = (colour: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a!];
    };
    // The first opaque background of a box at least `min` px wide and tall: a card or a dialog, not a
    // button on it.
    const opaque = (el: Element | null, min = 0) => {
      for (let at = el; at; at = at.parentElement) {
        const bg = bytes(getComputedStyle(at).backgroundColor);
        const box = at.getBoundingClientRect();
        if (bg[3] === 255 && box.width >= min && box.height >= min) return bg;
      }
      return bytes(getComputedStyle(document.documentElement).backgroundColor);
    };
    const root = document.documentElement;
    return {
      attribute: root.getAttribute('data-theme'),
      colorScheme: getComputedStyle(root).colorScheme,
      page: opaque(document.body),
      middle: opaque(document.elementFromPoint(innerWidth / 2, innerHeight / 2), 160),
      text: bytes(getComputedStyle(document.body).color),
    };
  });
}

async function expectTheme(page: Page, theme: Theme, where: string) {
  const seen = await readColours(page);
  expect(seen.attribute, where).toBe(theme);
  expect(seen.colorScheme, where).toBe(theme);
  for (const surface of [seen.page, seen.middle]) {
    if (theme === 'dark') expect(luminance(surface), `${where}: ${surface} is dark`).toBeLessThan(0.05);
    else expect(luminance(surface), `${where}: ${surface} is light`).toBeGreaterThan(0.7);
  }
  if (theme === 'dark') expect(luminance(seen.text), `${where}: text is light`).toBeGreaterThan(0.6);
}

async function expectNoContrastProblems(page: Page, where: string) {
  const axe = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const found = axe.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  );
  expect(found, `color-contrast on ${where}`).toEqual([]);
}

async function dashboardReady(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
}

/** Checks a page in a theme: its colours, axe's contrast rule, and (dark) screenshots at 375 and 1280 px. */
async function visit(page: Page, theme: Theme, name: string) {
  await expectTheme(page, theme, name);
  await expectNoContrastProblems(page, name);
  if (theme === 'dark') {
    const size = page.viewportSize();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 860 });
      // A phone and a desktop lay out differently: each width is checked, not only pictured.
      await expectNoContrastProblems(page, `${name} at ${width} px`);
      await page.screenshot({ path: join(DARK_SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    if (size) await page.setViewportSize(size);
  }
}

/** A house with something on every page: an event, a list, a reminder, a task and an expense. */
async function fillHouse(page: Page) {
  const me = await api<{ user_id: number; house_id: number }>(page, 'GET', '/api/users/me');
  const now = Date.now();
  const at = (hours: number) => new Date(now + hours * 3600_000).toISOString();
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  await api(page, 'POST', '/api/event/', {
    house_id: me.house_id,
    title: 'Birthday dinner for Grandmother Wilhelmina-Josephine',
    location: 'Kitchen',
    start_datetime: at(2),
    end_datetime: at(4),
  });
  const list = await api<{ grocery_list_id: number }>(page, 'POST', '/api/grocery-list/', {
    grocery_list_name: 'Weekly shop',
  });
  const items: { grocery_item_id: number }[] = [];
  for (const name of ['Oat milk', 'Sourdough bread', 'Tomatoes']) {
    items.push(
      await api(page, 'POST', '/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: name,
      }),
    );
  }
  // One ticked off: shown in its own colours.
  await api(page, 'PATCH', `/api/grocery-item/${items[0]!.grocery_item_id}`, { completed: true });
  await api(page, 'POST', '/api/reminder/', {
    title: 'Water the plants',
    description: 'The fern in the hall too',
    remind_time: at(3),
    time_zone: 'UTC',
  });
  // Due later today (the house's zone is UTC), so the calendar's week view of today shows it even on a
  // Saturday evening, when five hours on would be next week.
  const endOfToday = new Date(now).setUTCHours(23, 0, 0, 0);
  const taskDue = new Date(Math.max(now + 60_000, Math.min(now + 5 * 3600_000, endOfToday))).toISOString();
  await api(page, 'POST', '/api/task/', {
    title: 'Take the bins out',
    due_at: taskDue,
    assignee_id: me.user_id,
  });
  // Overdue: shown in its warning colours.
  await api(page, 'POST', '/api/task/', {
    title: 'Descale the kettle',
    due_at: at(-30),
    assignee_id: me.user_id,
  });
  await api(page, 'PUT', `/api/house/${me.house_id}/currency`, { currency: 'EUR' });
  await api(page, 'POST', '/api/expense/', {
    title: 'Electricity',
    amount_minor: 8450,
    paid_by: me.user_id,
    spent_on: today,
    category: 'utilities',
    split: { mode: 'equal', parts: [{ user_id: me.user_id, value: 0 }] },
  });
}

/** Every page in one theme, from the landing page through sign-up to each screen of a house with things in it. */
async function tour(page: Page, theme: Theme, person: Person) {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await visit(page, theme, 'landing');

  // The built-in provider's pages (served by the server, not the app).
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await visit(page, theme, 'sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // With its error message showing (red on the card).
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await visit(page, theme, 'sign-up-with-errors');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/userSetup$/);

  await expect(page.getByRole('heading', { name: 'Set Up Your Profile' })).toBeVisible();
  await visit(page, theme, 'profile-setup');
  await setUpProfile(page, person);
  await expect(page.getByRole('button', { name: 'Create House' })).toBeVisible();
  await visit(page, theme, 'house-setup');
  await createHouse(page, unique('Theme house '));
  await fillHouse(page);

  const pages: [string, string, RegExp | string][] = [
    ['home', '/home', `Welcome home, ${person.firstName}`],
    ['groceries', '/groceries', 'Weekly shop'],
    ['reminders', '/reminders', 'Water the plants'],
    ['tasks', '/tasks', 'Take the bins out'],
    ['bills', '/bills', 'Electricity'],
    ['house', '/house', 'Theme house '],
    ['profile', '/userSetup', 'Set Up Your Profile'],
  ];
  for (const [name, path, shows] of pages) {
    await page.goto(path);
    if (path !== '/userSetup') await dashboardReady(page);
    await expect(page.getByText(shows).first()).toBeVisible();
    await visit(page, theme, name);
  }
  // Any other page the menu offers (so a screen added later is checked too), and an unknown address.
  await page.goto('/home');
  await dashboardReady(page);
  const menu = await page
    .getByRole('navigation')
    .first()
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const seen = new Set(['/home', '/calendar', ...pages.map(([, path]) => path)]);
  for (const path of [...menu.filter((p) => !seen.has(p)), '/no-such-page']) {
    await page.goto(path);
    await dashboardReady(page);
    await visit(page, theme, path.slice(1));
  }

  // A question in an alert dialog.
  await page.goto('/groceries');
  await dashboardReady(page);
  await page.getByRole('button', { name: 'Delete list' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this list?' });
  await expect(confirm).toBeVisible();
  await visit(page, theme, 'dialog-delete-list');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // The calendar (FullCalendar) with all its layers: the house's event, the task and the reminder.
  await page.goto('/calendar');
  await dashboardReady(page);
  await expect(page.locator('.fc-event', { hasText: 'Birthday dinner' }).first()).toBeVisible();
  await visit(page, theme, 'calendar-month');
  await page.locator('.fc-header-toolbar').getByRole('button', { name: 'week', exact: true }).click();
  await expect(page.locator('.fc-timeGridWeek-view')).toBeVisible();
  await expect(page.locator('.fc-event', { hasText: 'Take the bins out' }).first()).toBeVisible();
  await visit(page, theme, 'calendar-week');

  // A dialog over the page.
  await page.getByRole('button', { name: 'New Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Create event' })).toBeVisible();
  await visit(page, theme, 'dialog-new-event');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The offline banner.
  await page.goto('/groceries');
  await dashboardReady(page);
  await page.context().setOffline(true);
  await expect(page.getByText(/You're offline/)).toBeVisible();
  await visit(page, theme, 'offline-banner');
  await page.context().setOffline(false);
}

test.describe('dark theme, following a dark device', () => {
  test.use({ colorScheme: 'dark' });

  test('every page renders dark, reads at AA contrast, and is pictured at 375 and 1280 px', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    mkdirSync(DARK_SHOTS, { recursive: true });
    await tour(page, 'dark', newPerson('Wilhelmina-Josephine', 'Vandenberghe-Whitmore'));
  });
});

test.describe('light theme, following a light device', () => {
  test.use({ colorScheme: 'light' });

  test('every page renders light and reads at AA contrast', async ({ page }) => {
    test.setTimeout(300_000);
    await tour(page, 'light', newPerson('Lena', 'Light'));
  });
});

test.describe('choosing a theme in the profile', () => {
  // A light device, and no service worker, so blocked requests below really are blocked.
  test.use({ colorScheme: 'light', serviceWorkers: 'block' });

  test('Dark chosen on a light device stays after a reload, set before the app runs (no light flash)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const person = newPerson('Dana', 'Dark');
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await setUpProfile(page, person);
    await createHouse(page, unique('Dark house '));

    await page.goto('/userSetup');
    const theme = page.getByRole('group', { name: 'Theme' });
    await expect(theme.getByRole('radio', { name: 'Same as device' })).toBeChecked();
    await expectTheme(page, 'light', 'profile before choosing');

    // With the keyboard: arrows move through the group to Dark. It applies at once.
    await theme.getByRole('radio', { name: 'Same as device' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectTheme(page, 'dark', 'profile after choosing Dark');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d1510');

    // A reload with the app's own scripts held back: the page is already dark from index.html's own theme
    // script alone (inline, allowed by the Content-Security-Policy), so it is dark from the first paint.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    // Only index.html's own spinner is there: none of the app has run.
    await expect(page.locator('#root > *')).toHaveCount(1);
    await expect(page.locator('#root').getByRole('status')).toHaveText('Loading');
    await expect(page.locator('#root').getByRole('navigation')).toHaveCount(0);
    await expectTheme(page, 'dark', 'reload before the app runs');
    await page.unroute(/\/assets\/.*\.js$/);

    // And with the app: still dark, still Dark in the picker; the sign-in page follows the same choice.
    await page.reload();
    await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectTheme(page, 'dark', 'profile after reload');
    await expectNoContrastProblems(page, 'profile after reload');
    expect(await page.evaluate(() => localStorage.getItem('hearth.theme'))).toBe('dark');

    await page.goto('/home');
    await dashboardReady(page);
    await expectTheme(page, 'dark', 'home after reload');

    // Back to the device's setting: light again.
    await page.goto('/userSetup');
    await theme.getByText('Same as device').click();
    await expect(theme.getByRole('radio', { name: 'Same as device' })).toBeChecked();
    await expectTheme(page, 'light', 'profile back to the device');
  });

  test('the sign-in pages follow the choice saved on the device', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('hearth.theme', 'dark'));
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectTheme(page, 'dark', 'sign-in with Dark chosen on a light device');
    await expectNoContrastProblems(page, 'sign-in with Dark chosen');
  });
});
