import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { accessToken, houseCodeOf, housemate, unique } from './support/people.js';

// A fixed zone (UTC+1 in winter) makes the local-time and all-day checks exact.
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

/** Today's date in the browser's zone, as a date input wants it. */
function today(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
}

async function openCalendar(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'House Calendar' })).toBeVisible();
  await expect(page.locator('.fc')).toBeVisible();
}

/** An event as FullCalendar shows it. */
const calendarEvent = (page: Page, title: string): Locator =>
  page.locator('.fc-event', { hasText: title }).first();

/** The house feed as the page's person gets it. */
async function feed(page: Page): Promise<string> {
  const token = await accessToken(page);
  const me = await (
    await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const res = await page.request.get(`/api/event/house/${me.house_id}/calendar.ics?access_token=${token}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/calendar');
  return res.text();
}

/** Screenshots at phone and desktop widths; the page reloads so the calendar picks its layout for the width. */
async function screenshotsAtWidths(
  page: Page,
  outputPath: (name: string) => string,
  name: string,
  reload: boolean,
) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (reload) {
      await page.reload();
      await expect(page.locator('.fc-event').first()).toBeVisible();
    }
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('create timed and all-day events, open, edit and delete them; a housemate sees them', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const alex = await housemate(browser, { firstName: 'Alex', houseName: unique('Maple ') });
  const sam = await housemate(browser, { firstName: 'Sam', joinCode: await houseCodeOf(alex.page) });
  const page = alex.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCalendar(page);
  const day = await today(page);

  // A timed event, today 18:00 to 19:30 Berlin time.
  await page.getByRole('button', { name: 'New Event' }).click();
  const create = page.getByRole('dialog', { name: 'Create event' });
  await expect(create.getByText('Add a new calendar event for your house.')).toBeVisible();
  await create.getByLabel('Title').fill('House meeting');
  await create.getByLabel('Description').fill('Bring the bills');
  await create.getByLabel('Location').fill('Kitchen');
  await create.getByLabel('Start').fill(`${day}T18:00`);
  await create.getByLabel('End').fill(`${day}T19:30`);
  await screenshotsAtWidths(page, testInfo.outputPath.bind(testInfo), 'event-dialog-create', false);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await create.getByRole('button', { name: 'Create event' }).click();
  await expect(create).toBeHidden();
  await expect(calendarEvent(page, 'House meeting')).toBeVisible();

  // An all-day event today: End is hidden, the start is a date.
  await page.getByRole('button', { name: 'New Event' }).click();
  const allDay = page.getByRole('dialog', { name: 'Create event' });
  await allDay.getByLabel('Title').fill('Bin day');
  await allDay.getByLabel('All-day event').check();
  await expect(allDay.getByLabel('End')).toHaveCount(0);
  await allDay.getByLabel('Start').fill(day);
  await allDay.getByRole('button', { name: 'Create event' }).click();
  await expect(allDay).toBeHidden();
  await expect(calendarEvent(page, 'Bin day')).toBeVisible();

  // The feed has both: the all-day one on the date picked in Berlin, with an exclusive end.
  const ics = await feed(page);
  const compact = day.replaceAll('-', '');
  expect(ics).toContain(`DTSTART;VALUE=DATE:${compact}`);
  expect(ics).toContain('SUMMARY:House meeting');
  expect(ics).toMatch(/X-HEARTH-USERNAME:alex/);

  // Open the timed event: its details, in local time, and who made it.
  await calendarEvent(page, 'House meeting').click();
  const details = page.getByRole('dialog', { name: 'House meeting' });
  await expect(details.getByText('View and edit this event.')).toBeVisible();
  await expect(details.getByText(`created by: ${alex.person.username}`)).toBeVisible();
  await expect(details.getByLabel('Start')).toHaveValue(`${day}T18:00`);
  await expect(details.getByLabel('End')).toHaveValue(`${day}T19:30`);
  await expect(details.getByLabel('Location')).toHaveValue('Kitchen');
  await screenshotsAtWidths(page, testInfo.outputPath.bind(testInfo), 'event-dialog-edit', false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Edit it.
  await details.getByLabel('Title').fill('House meeting (moved)');
  await details.getByLabel('Start').fill(`${day}T19:00`);
  await details.getByLabel('End').fill(`${day}T20:00`);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details).toBeHidden();
  await expect(calendarEvent(page, 'House meeting (moved)')).toBeVisible();

  // The housemate sees both, and adds one of their own.
  await openCalendar(sam.page);
  await expect(calendarEvent(sam.page, 'House meeting (moved)')).toBeVisible();
  await expect(calendarEvent(sam.page, 'Bin day')).toBeVisible();
  await sam.page.getByRole('button', { name: 'New Event' }).click();
  const samCreate = sam.page.getByRole('dialog', { name: 'Create event' });
  await samCreate.getByLabel('Title').fill('Pizza night');
  await samCreate.getByLabel('Start').fill(`${day}T12:00`);
  await samCreate.getByLabel('End').fill(`${day}T13:00`);
  await samCreate.getByRole('button', { name: 'Create event' }).click();
  await expect(samCreate).toBeHidden();

  // Alex's open calendar shows Sam's event without a reload (the live stream), and still after one.
  await expect(calendarEvent(page, 'Pizza night')).toBeVisible();
  await page.reload();
  await expect(calendarEvent(page, 'Pizza night')).toBeVisible();
  // The grid shows who added it (events show their creator), read from the feed.
  await expect(calendarEvent(page, 'Pizza night')).toHaveAttribute(
    'title',
    `Pizza night · Added by ${sam.person.username}`,
  );
  await calendarEvent(page, 'Pizza night').click();
  const samsEvent = page.getByRole('dialog', { name: 'Pizza night' });
  await expect(samsEvent.getByText(`created by: ${sam.person.username}`)).toBeVisible();
  await samsEvent.getByRole('button', { name: 'Close event modal' }).click();
  await expect(samsEvent).toBeHidden();

  // Delete the all-day event.
  await calendarEvent(page, 'Bin day').click();
  const binDay = page.getByRole('dialog', { name: 'Bin day' });
  await expect(binDay.getByLabel('All-day event')).toBeChecked();
  await expect(binDay.getByLabel('Start')).toHaveValue(day);
  await binDay.getByRole('button', { name: 'Delete event' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm).toContainText('“Bin day”');
  await confirm.getByRole('button', { name: 'Delete event' }).click();
  await expect(binDay).toBeHidden();
  await expect(calendarEvent(page, 'Bin day')).toHaveCount(0);
  await sam.page.reload();
  await expect(calendarEvent(sam.page, 'Pizza night')).toBeVisible();
  await expect(calendarEvent(sam.page, 'Bin day')).toHaveCount(0);

  // Home: this week at a glance shows the house's events.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  const week = page.getByRole('region', { name: 'This Week at a Glance' });
  await expect(week.getByRole('button', { name: /Pizza night/ })).toBeVisible();
  await screenshotsAtWidths(page, testInfo.outputPath.bind(testInfo), 'home-week', false);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The calendar page at phone and desktop widths.
  await openCalendar(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await screenshotsAtWidths(page, testInfo.outputPath.bind(testInfo), 'calendar', true);

  await alex.context.close();
  await sam.context.close();
});

test('subscription link: a calendar app can read the feed with it until it is revoked', async ({
  browser,
}) => {
  const alex = await housemate(browser, { firstName: 'Alex', houseName: unique('Birch ') });
  const page = alex.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openCalendar(page);
  const panel = page.getByRole('region', { name: 'Subscribe' });
  await panel.getByRole('button', { name: 'Show my calendar link' }).click();
  const https = panel.getByLabel('Web address (https://)');
  await expect(https).toHaveValue(/\/api\/event\/house\/\d+\/calendar\.ics\?token=/);
  await expect(panel.getByLabel('Calendar apps (webcal://)')).toHaveValue(/^webcal:\/\//);
  const link = await https.inputValue();

  // Anyone with the link (a calendar app: no cookies, no token) reads the feed.
  const app = await browser.newContext();
  expect((await app.request.get(link)).status()).toBe(200);

  // Still shown after a reload: this browser remembers it.
  await page.reload();
  await page
    .getByRole('region', { name: 'Subscribe' })
    .getByRole('button', { name: 'Show my calendar link' })
    .click();
  await expect(page.getByLabel('Web address (https://)')).toHaveValue(link);

  // Revoke: the old link stops working, the new one works.
  await page.getByRole('button', { name: 'Revoke and make a new link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke and make a new link' }).click();
  await expect(page.getByLabel('Web address (https://)')).not.toHaveValue(link);
  const fresh = await page.getByLabel('Web address (https://)').inputValue();
  expect((await app.request.get(link)).status()).toBe(404);
  expect((await app.request.get(fresh)).status()).toBe(200);

  await app.close();
  await alex.context.close();
});
