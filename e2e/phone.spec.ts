import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
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

interface DialogProblem {
  dialog: string;
  problem: string;
}

/**
 * A dialog on a small screen: it fits the window, nothing in it is wider than it, its buttons (those
 * outside the scrolling fields) are wholly on screen, and every field scrolls into view without the
 * buttons or anything else covering it.
 */
async function dialogProblems(page: Page, name: string, dialog: Locator): Promise<DialogProblem[]> {
  await expect(dialog).toBeVisible();
  const found: DialogProblem[] = [];
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const onScreen = (box: { x: number; y: number; width: number; height: number } | null) =>
    box !== null &&
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= viewport.width + 0.5 &&
    box.y + box.height <= viewport.height + 0.5;
  if (!onScreen(await dialog.boundingBox())) found.push({ dialog: name, problem: 'does not fit the window' });
  // Scroll boxes wider inside than out (a text field's own text scrolls by design, and a visually hidden
  // label is 1 px wide on purpose), with what sticks out of each.
  // A name cut short with an ellipsis is fine when its whole text is its tooltip.
  const wide = await dialog.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter((e) => !e.matches('input, textarea, select, .sr-only'))
      .filter((e) => !(getComputedStyle(e).textOverflow === 'ellipsis' && e.closest('[title]')))
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
      .map((e) => {
        const right = e.getBoundingClientRect().right;
        const out = [...e.querySelectorAll('*')]
          .filter((c) => c.getBoundingClientRect().right > right + 1)
          .slice(-2)
          .map((c) => `${c.tagName.toLowerCase()}.${[...c.classList].slice(0, 3).join('.')}`);
        return `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 3).join('.')} (${out.join(', ')})`;
      }),
  );
  if (wide.length > 0) found.push({ dialog: name, problem: `scrolls sideways: ${wide.join(', ')}` });
  if ((await measure(page, viewport.width, name)) !== null)
    found.push({ dialog: name, problem: 'the page scrolls sideways' });

  const actions = dialog.locator('button:not(fieldset button)');
  for (const button of await actions.all()) {
    if (!(await button.isVisible())) continue;
    if (!onScreen(await button.boundingBox()))
      found.push({ dialog: name, problem: `"${await button.innerText()}" is not wholly on screen` });
  }
  const fields = dialog.locator(
    'fieldset input:not([type=hidden]), fieldset textarea, fieldset select, fieldset button',
  );
  // A form's fields scroll in their own box; the dialog itself (title, buttons) does not move.
  if (await dialog.evaluate((el) => el.scrollHeight > el.clientHeight + 1))
    found.push({ dialog: name, problem: 'scrolls as a whole' });
  for (const field of await fields.all()) {
    if (!(await field.isVisible())) continue;
    await field.scrollIntoViewIfNeeded();
    const label = await field.evaluate(
      (el) => el.getAttribute('aria-label') ?? el.id ?? el.getAttribute('name') ?? el.tagName,
    );
    const covered = await field.evaluate((el) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return null; // visually hidden (a file input behind its button)
      if (box.top < 0 || box.bottom > window.innerHeight) return 'is off screen after scrolling to it';
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || hit === el || el.contains(hit)) return null;
      if (hit.closest('label') && (hit.closest('label') as HTMLLabelElement).control === el) return null;
      return `is covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].slice(0, 3).join('.')}`;
    });
    if (covered) found.push({ dialog: name, problem: `field ${label} ${covered}` });
  }
  return found;
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
  test.setTimeout(150_000);
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

  // On a desktop the week and day grids scroll inside the calendar: that region takes focus and has a name.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await settled(page);
  for (const view of ['month', 'week', 'day']) {
    const button = toolbar.getByRole('button', { name: view, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(200);
    if (view !== 'month') {
      // Tab reaches the scrolling hours (a day cell in them), and the arrow keys scroll them.
      const hours = page.locator('.fc-timegrid .fc-scroller-liquid-absolute').last();
      const cell = hours.locator('[role="gridcell"][tabindex="0"]');
      await expect(cell).toHaveCount(1);
      await cell.focus();
      const before = await hours.evaluate((el) => el.scrollTop);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => hours.evaluate((el) => el.scrollTop)).toBeGreaterThan(before);
    }
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations, `axe in the desktop ${view} view`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`desktop-calendar-${view}-1280.png`) });
  }
  await context.close();
});

test('every dialog at 320 x 640 with its text at the limits: its body scrolls, every field can be reached and its buttons stay on screen', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const ann = await housemate(browser, {
    firstName: 'Annabelle',
    lastName: 'Lee',
    houseName: atLimit(80, 'The big house on the corner of'),
  });
  const { page } = ann;
  const profile = await api<Record<string, unknown>>(page, 'GET', '/api/users/me');
  await api(page, 'POST', '/api/users/', {
    username: profile.username,
    email: profile.email,
    first_name: atLimit(80, 'Annabelle'),
    last_name: atLimit(80, 'Lee'),
  });
  const me = await api<{ house_id: number }>(page, 'GET', '/api/users/me');
  await api(page, 'PUT', `/api/house/${me.house_id}/currency`, { currency: 'EUR' });
  const list = await api<{ grocery_list_id: number }>(page, 'POST', '/api/grocery-list/', {
    grocery_list_name: atLimit(80),
  });
  await api(page, 'POST', '/api/grocery-item/', {
    grocery_list_id: list.grocery_list_id,
    grocery_item_name: atLimit(120, 'Gluten free birthday cake'),
  });
  const tomorrow = new Date(Date.now() + 24 * 3600_000);
  tomorrow.setUTCHours(10, 0, 0, 0);
  await api(page, 'POST', '/api/reminder/', {
    title: atLimit(120, 'Take the recycling out'),
    description: `Sorting guide: ${LONG_LINK} ${atLimit(1000, 'Glass goes in the green box')}`,
    remind_time: tomorrow.toISOString(),
    time_zone: 'UTC',
  });
  await api(page, 'POST', '/api/event/', {
    house_id: me.house_id,
    title: atLimit(200, 'Birthday party for Saturday with everyone from the street'),
    description: `${LONG_LINK} ${atLimit(2000, 'Bring a plate')}`,
    location: atLimit(500, 'Community hall'),
    start_datetime: tomorrow.toISOString(),
    end_datetime: new Date(tomorrow.getTime() + 2 * 3600_000).toISOString(),
    time_zone: 'UTC',
  });

  const problems: DialogProblem[] = [];
  const check = async (name: string, dialog: Locator) => {
    problems.push(...(await dialogProblems(page, name, dialog)));
    await page.screenshot({ path: testInfo.outputPath(`dialog-${name.replace(/\W+/g, '-')}.png`) });
  };
  const close = async (dialog: Locator, button = 'Cancel') => {
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(dialog).toHaveCount(0);
  };

  for (const size of [
    { width: 320, height: 640 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    const at = `${size.width}`;
    await page.goto('/calendar');
    await settled(page);
    await page.locator('.fc-event.hearth-layer-house').first().click();
    const eventDialog = page.getByRole('dialog');
    await expect(eventDialog.getByLabel('Title')).toHaveValue(/^Birthday party/);
    // A weekly repeat opens every repeat field too.
    await eventDialog.getByLabel('Repeats').selectOption('weekly');
    await check(`event edit ${at}`, eventDialog);
    await eventDialog.getByRole('button', { name: 'Delete event' }).click();
    await check(`event delete ${at}`, page.getByRole('alertdialog'));
    await close(page.getByRole('alertdialog'));
    await close(eventDialog);
    await page.getByRole('button', { name: 'New Event' }).click();
    await page.getByRole('dialog').getByLabel('Title').fill(atLimit(200));
    await check(`event create ${at}`, page.getByRole('dialog'));
    await close(page.getByRole('dialog'));
  }

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/reminders');
  await settled(page);
  await page.getByRole('button', { name: /^Edit reminder/ }).click();
  await check('reminder edit', page.getByRole('dialog'));
  await close(page.getByRole('dialog'));
  await page.getByRole('button', { name: /^Delete reminder/ }).click();
  await check('reminder delete', page.getByRole('alertdialog'));
  await close(page.getByRole('alertdialog'));

  await page.goto('/groceries');
  await settled(page);
  await page.getByRole('button', { name: /^Edit Gluten free/ }).click();
  await check('grocery item edit', page.getByRole('dialog'));
  await close(page.getByRole('dialog'));
  await page.getByRole('button', { name: 'Delete list' }).click();
  await check('grocery list delete', page.getByRole('alertdialog'));
  await close(page.getByRole('alertdialog'));

  await page.goto('/tasks');
  await settled(page);
  await page.getByRole('button', { name: 'New task' }).first().click();
  await page.getByRole('dialog').getByLabel('Title').fill(atLimit(120, 'Clean the gutters'));
  await page
    .getByRole('dialog')
    .getByLabel('Notes')
    .fill(`${LONG_LINK} ${atLimit(1500, 'Ladder in the shed')}`);
  await check('task create', page.getByRole('dialog'));
  await close(page.getByRole('dialog'));
  // A task's details: a long title and notes scroll between the title and the actions.
  const me2 = await api<{ user_id: number }>(page, 'GET', '/api/users/me');
  await api(page, 'POST', '/api/task/', {
    title: atLimit(120, 'Descale the kettle and the coffee machine'),
    notes: `${LONG_LINK} ${atLimit(1500, 'Vinegar under the sink')}`,
    due_at: tomorrow.toISOString(),
    assignee_id: me2.user_id,
  });
  await page
    .getByRole('button', { name: /^Descale the kettle/ })
    .first()
    .click();
  await check('task detail', page.getByRole('dialog'));
  await page.getByRole('dialog').getByRole('button', { name: 'Close task details' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/bills');
  await settled(page);
  await page.getByRole('button', { name: 'Add expense' }).first().click();
  await page.getByRole('dialog').getByLabel('Title').fill(atLimit(120, 'Electricity for the winter'));
  await check('expense create', page.getByRole('dialog'));
  await close(page.getByRole('dialog'));
  await page.getByRole('button', { name: 'Add recurring bill' }).first().click();
  await check('recurring bill create', page.getByRole('dialog'));
  await close(page.getByRole('dialog'));

  await page.goto('/house');
  await settled(page);
  await page.getByRole('button', { name: 'Leave house' }).click();
  await check('leave house', page.getByRole('alertdialog'));
  await close(page.getByRole('alertdialog'));

  expect(problems).toEqual([]);
  await ann.context.close();
});
