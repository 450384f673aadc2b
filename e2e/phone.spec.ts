import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, houseCodeOf, housemate, screenshots } from './support/people.js';

/** Real-life text at a field's limit: words, then one long unbroken word. */
function atLimit(max: number, start = 'Birthday party supplies for Saturday'): string {
  const words = `${start} `;
  return (words + 'Donaudampfschifffahrtsgesellschaftskapitän'.repeat(20)).slice(0, max);
}
const LONG_LINK = `https://example.test/recipes/${'a'.repeat(600)}?from=hearth`;

interface Overflow {
  width: number;
  page: string;
  scrollWidth: number;
  /** The widest elements that stick out, for finding the culprit. */
  culprits: string[];
}

/** How far the page is wider than the window, and which elements stick out past its right edge. */
async function measure(page: Page, width: number, path: string): Promise<Overflow | null> {
  const found = await page.evaluate(() => {
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= window.innerWidth) return null;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (el) =>
          ![...el.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1),
      )
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
    return { scrollWidth, culprits };
  });
  return found && { width, page: path, ...found };
}

async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
}

test('no page scrolls sideways at 320, 375 and 768 px with every name at its limit', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const ann = await housemate(browser, {
    firstName: 'Annabelle',
    lastName: 'Lee',
    houseName: atLimit(80, 'The big house on the corner of'),
  });
  const ben = await housemate(browser, {
    firstName: 'Benedict',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  // Both at the longest names a profile takes.
  for (const [who, first, last] of [
    [ann, 'Annabelle', 'Lee-Okafor'],
    [ben, 'Benedict', 'Okafor'],
  ] as const) {
    const profile = await api<Record<string, unknown>>(who.page, 'GET', '/api/users/me');
    await api(who.page, 'POST', '/api/users/', {
      username: profile.username,
      email: profile.email,
      first_name: atLimit(80, first),
      last_name: atLimit(80, last),
    });
  }
  const { page } = ann;
  const me = await api<{ house_id: number }>(page, 'GET', '/api/users/me');
  const list = await api<{ grocery_list_id: number }>(page, 'POST', '/api/grocery-list/', {
    grocery_list_name: atLimit(80),
  });
  for (const start of ['Gluten free birthday cake', 'Sparklers']) {
    await api(page, 'POST', '/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: atLimit(120, start),
    });
  }
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  tomorrow.setUTCHours(17, 0, 0, 0);
  await api(page, 'POST', '/api/reminder/', {
    title: atLimit(120, 'Take the recycling out'),
    description: `Sorting guide: ${LONG_LINK}`,
    remind_time: tomorrow.toISOString(),
    time_zone: 'UTC',
  });
  await api(page, 'POST', '/api/event/', {
    house_id: me.house_id,
    title: atLimit(200, 'Birthday party for Saturday with everyone from the street'),
    description: LONG_LINK,
    location: atLimit(500, 'Community hall'),
    start_datetime: tomorrow.toISOString(),
    end_datetime: new Date(tomorrow.getTime() + 2 * 3600_000).toISOString(),
    time_zone: 'UTC',
  });

  // Every page the sidebar offers, whoever added it.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/home');
  const links = page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('navigation')
    .getByRole('link');
  await expect(links.first()).toBeVisible();
  const paths = await links.evaluateAll((as) =>
    as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  );
  expect(paths.length).toBeGreaterThanOrEqual(5);

  const overflows: Overflow[] = [];
  for (const width of [320, 375, 768]) {
    await page.setViewportSize({ width, height: 760 });
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      const overflow = await measure(page, width, path);
      if (overflow) overflows.push(overflow);
    }
  }
  expect(overflows).toEqual([]);

  // The event dialog with a two-line title at 320 px: it fits, its body scrolls, its actions stay in view.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/calendar');
  await settled(page);
  await page.locator('.fc-event').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Delete event' })).toBeInViewport();
  expect(await measure(page, 320, '/calendar event dialog')).toBeNull();
  const dialogBox = await dialog.boundingBox();
  expect((dialogBox?.x ?? -1) >= 0 && (dialogBox?.x ?? 0) + (dialogBox?.width ?? 0) <= 320).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('phone-event-dialog-320.png') });
  await dialog.getByRole('button', { name: 'Delete event' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm.getByRole('button', { name: 'Delete event' })).toBeInViewport();
  expect(await measure(page, 320, '/calendar delete confirmation')).toBeNull();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  for (const path of ['/groceries', '/calendar', '/reminders', '/home']) {
    await page.goto(path);
    await settled(page);
    await screenshots(page, testInfo.outputPath.bind(testInfo), `phone${path.replace('/', '-')}`);
  }
});

test('the calendar on a phone: switcher at the top, readable views, axe clean in each', async ({
  browser,
}, testInfo) => {
  const { page, context } = await housemate(browser, { firstName: 'Cal', lastName: 'Endar' });
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/calendar');
  await settled(page);
  const toolbar = page.locator('.fc-header-toolbar');
  const month = toolbar.getByRole('button', { name: 'month', exact: true });
  // Month is the first view, and the switcher is in the toolbar above the grid.
  await expect(month).toHaveAttribute('aria-pressed', 'true');
  const switcherBottom = await month.evaluate((el) => el.getBoundingClientRect().bottom);
  const gridTop = await page.locator('.fc-view-harness').evaluate((el) => el.getBoundingClientRect().top);
  expect(switcherBottom).toBeLessThanOrEqual(gridTop);

  for (const view of ['month', '3 days', 'day']) {
    const button = toolbar.getByRole('button', { name: view, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(200);
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 760 });
      expect(await measure(page, width, `/calendar ${view}`)).toBeNull();
    }
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations, `axe in the ${view} view`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`phone-calendar-${view.replace(' ', '-')}-375.png`) });
  }
  await context.close();
});
