import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, houseCodeOf, housemate, screenshots, unique } from './support/people.js';

// A fixed zone makes the local times exact.
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

/** A local date (YYYY-MM-DD) `days` from today in the page's browser. */
const dateIn = (page: Page, days: number) =>
  page.evaluate((d) => {
    const at = new Date(Date.now() + d * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }, days);

async function openCalendar(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.locator('.fc')).toBeVisible();
}

const items = (page: Page, title: string): Locator => page.locator('.fc-event', { hasText: title });

interface Occurrence {
  event_id: number;
  title: string;
  start_datetime: string;
  occurrence_start: string;
  overridden: boolean;
}

test('a weekly event repeats, one occurrence is changed alone, layers toggle and stay, and a personal feed carries it all', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const alex = await housemate(browser, {
    firstName: 'Alexandra-Josephine',
    lastName: 'Vandenberghe-Whitmore',
    houseName: unique('Timeline '),
  });
  const sam = await housemate(browser, { firstName: 'Sam', joinCode: await houseCodeOf(alex.page) });
  const page = alex.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  const today = await dateIn(page, 0);
  const me = await api<{ user_id: number }>(page, 'GET', '/api/users/me');

  // Things on the other layers: Alex's task due tonight, her reminder, Sam's private reminder.
  // Today (this week's view always has it) at 21:00 Berlin time.
  const tonight = await page.evaluate((d) => new Date(`${d}T21:00`).toISOString(), today);
  await api(page, 'POST', '/api/task/', {
    title: 'Hoover the stairs',
    due_at: tonight,
    assignee_id: me.user_id,
  });
  await api(page, 'POST', '/api/reminder/', {
    title: 'Call the landlord',
    remind_time: tonight,
    repeat_interval: null,
    time_zone: 'Europe/Berlin',
  });
  await api(sam.page, 'POST', '/api/reminder/', {
    title: 'Sam secret gift',
    remind_time: tonight,
    repeat_interval: null,
    time_zone: 'Europe/Berlin',
  });

  await openCalendar(page);
  await openCalendar(sam.page);

  // A weekly event at 19:00 on today's weekday, six times, made in the dialog.
  await page.getByRole('button', { name: 'New Event' }).click();
  const create = page.getByRole('dialog', { name: 'Create event' });
  await create.getByLabel('Title').fill('Book club');
  await create.getByLabel('Start').fill(`${today}T19:00`);
  await create.getByLabel('End').fill(`${today}T20:30`);
  await create.getByLabel('Repeats').selectOption('weekly');
  await create.getByLabel('Ends').selectOption('count');
  await create.getByLabel('Number of times').fill('6');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/event/'));
  await create.getByRole('button', { name: 'Create event' }).click();
  expect((await sent).postDataJSON().rrule).toMatch(/^FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU);COUNT=6$/);
  await expect(create).toBeHidden();
  await expect(items(page, 'Book club').first()).toBeVisible();

  // The server expands it: six occurrences, all at 19:00 Berlin time.
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
  const range = `/api/event/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const occurrences = (await api<Occurrence[]>(page, 'GET', range)).filter((o) => o.title === 'Book club');
  expect(occurrences).toHaveLength(6);
  const local = await page.evaluate(
    (starts) => starts.map((s) => new Date(s).toTimeString().slice(0, 5)),
    occurrences.map((o) => o.start_datetime),
  );
  expect(new Set(local)).toEqual(new Set(['19:00']));

  // Sam's open calendar shows it without a reload.
  await expect(items(sam.page, 'Book club').first()).toBeVisible();

  // Change only the first occurrence; the rest of the series keeps its title.
  await items(page, 'Book club').first().click();
  const details = page.getByRole('dialog', { name: 'Book club' });
  await expect(details.getByLabel('Apply changes to')).toHaveValue('this');
  await details.getByLabel('Title').fill('Book club at Sam’s');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details).toBeHidden();
  const after = (await api<Occurrence[]>(page, 'GET', range)).filter((o) => o.title.startsWith('Book club'));
  expect(after.map((o) => [o.title, o.overridden])).toEqual([
    ['Book club at Sam’s', true],
    ...Array.from({ length: 5 }, () => ['Book club', false]),
  ]);
  await expect(items(page, 'Book club at Sam’s')).toBeVisible();
  await expect(items(sam.page, 'Book club at Sam’s')).toBeVisible();

  // Layers: Alex's task (with whose turn) and her reminder; Sam never sees Alex's reminder, nor she his.
  await page.getByRole('button', { name: 'week', exact: true }).click();
  await expect(items(page, 'Hoover the stairs')).toBeVisible();
  await expect(items(page, 'Hoover the stairs')).toHaveClass(/hearth-layer-tasks/);
  await expect(items(page, 'Call the landlord')).toHaveClass(/hearth-layer-reminders/);
  await expect(items(page, 'Sam secret gift')).toHaveCount(0);
  await sam.page.getByRole('button', { name: 'week', exact: true }).click();
  await expect(items(sam.page, 'Sam secret gift')).toBeVisible();
  await expect(items(sam.page, 'Call the landlord')).toHaveCount(0);

  // Switching a layer off hides it and is remembered after a reload.
  const tasks = page.getByRole('button', { name: 'Tasks due' });
  await expect(tasks).toHaveAttribute('aria-pressed', 'true');
  await tasks.click();
  await expect(tasks).toHaveAttribute('aria-pressed', 'false');
  await expect(items(page, 'Hoover the stairs')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tasks due' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'week', exact: true }).click();
  await expect(items(page, 'Call the landlord')).toBeVisible();
  await expect(items(page, 'Hoover the stairs')).toHaveCount(0);
  await page.getByRole('button', { name: 'Tasks due' }).click();
  await expect(items(page, 'Hoover the stairs')).toBeVisible();

  // The personal feed link: house events with their rule and the changed occurrence, Alex's task and her
  // reminder with an alarm, nothing of Sam's.
  await page.getByRole('button', { name: 'Make my personal feed link' }).click();
  const link = page.getByLabel('Personal feed link');
  await expect(link).toHaveValue(/\/api\/feed\/me\.ics\?token=/);
  const url = new URL(await link.inputValue());
  const feed = await page.request.get(`${url.pathname}${url.search}`);
  expect(feed.status()).toBe(200);
  const ics = await feed.text();
  expect(ics).toContain('RRULE:FREQ=WEEKLY');
  expect(ics).toContain('RECURRENCE-ID;TZID=Europe/Berlin:');
  expect(ics).toContain('BEGIN:VTIMEZONE');
  expect(ics).toContain('SUMMARY:Hoover the stairs (your turn)');
  expect(ics).toContain('SUMMARY:Call the landlord');
  expect(ics).toContain('BEGIN:VALARM');
  expect(ics).not.toContain('Sam secret gift');

  await page.getByRole('button', { name: 'month', exact: true }).click();
  await expect(items(page, 'Book club').first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await screenshots(page, testInfo.outputPath.bind(testInfo), 'timeline');
  // Nothing scrolls sideways on a phone, long names and all the layer toggles included.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.locator('.fc')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('timeline-phone-day-375.png'), fullPage: true });

  // Revoking the link stops it.
  await page.getByRole('button', { name: 'Revoke my link' }).click();
  await expect(page.getByText('Personal feed link revoked.', { exact: false })).toBeVisible();
  expect((await page.request.get(`${url.pathname}${url.search}`)).status()).toBe(404);

  // The repeat controls in the dialog, at phone width.
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'New Event' }).click();
  const phoneDialog = page.getByRole('dialog', { name: 'Create event' });
  await phoneDialog.getByLabel('Repeats').selectOption('weekly');
  await expect(phoneDialog.getByLabel('Mon')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('timeline-dialog-375.png') });
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);

  await alex.context.close();
  await sam.context.close();
});
