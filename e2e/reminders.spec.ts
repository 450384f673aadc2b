import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, createHouse, newPerson, screenshots, setUpProfile, signUp, unique } from './support/people.js';

// A fixed zone makes the local-time checks exact; the app sends it with every reminder.
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

interface ApiReminder {
  reminder_id: number;
  title: string;
  remind_time: string;
  repeat_interval: string | null;
  time_zone: string;
  next_remind_time: string;
}

/** How the app shows an instant in the browser's local time (features/reminders/reminder-time.ts). */
function localText(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) =>
      new Date(at).toLocaleString(undefined, {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    iso,
  );
}

/** A datetime-local value `daysFromNow` days and `hoursFromNow` hours ahead, in the browser's zone. */
function localInput(page: Page, hoursFromNow: number, daysFromNow: number) {
  return page.evaluate(
    ([hours, days]) => {
      const at = new Date(Date.now() + hours * 3_600_000);
      at.setSeconds(0, 0);
      const occurrence = new Date(at); // the wall time we are aiming at
      at.setDate(at.getDate() + days); // same wall time, other day (safe across DST)
      const pad = (n: number) => String(n).padStart(2, '0');
      const value = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      return { value, utc: at.toISOString(), occurrenceUtc: occurrence.toISOString() };
    },
    [hoursFromNow, daysFromNow] as const,
  );
}

async function signedUpWithHouse(page: Page) {
  const person = newPerson('Rita', 'Moss');
  await signUp(page, person);
  await setUpProfile(page, person);
  await createHouse(page, unique('Elm '));
}

test('create, edit and delete a reminder', async ({ page }, testInfo) => {
  await signedUpWithHouse(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Reminders' }).first().click();
  await expect(page).toHaveURL(/\/reminders$/);
  await expect(page.getByText('No reminders yet.')).toBeVisible();

  // Create: a weekly reminder three days ahead.
  const when = await localInput(page, 0, 3);
  await page.getByRole('button', { name: '+ Add Reminder' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Reminder' });
  await form.getByLabel('Title').fill('Take the bins out');
  await form.getByLabel('Description').fill('Green and blue');
  await form.getByLabel('Remind Time').fill(when.value);
  await form.getByLabel('Repeat').selectOption('Weekly');
  await screenshots(page, testInfo.outputPath.bind(testInfo), 'reminder-form');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('listitem').filter({ hasText: 'Take the bins out' });
  await expect(card.getByText('Green and blue')).toBeVisible();
  await expect(card.locator('time').first()).toHaveAttribute('datetime', when.utc);
  await expect(card.locator('time').first()).toHaveText(await localText(page, when.utc));
  await expect(card.getByText('Weekly')).toBeVisible();

  // The API got UTC and the browser's zone.
  const [saved] = await api<ApiReminder[]>(page, 'GET', '/api/reminder/');
  expect(saved).toMatchObject({
    remind_time: when.utc,
    repeat_interval: 'Weekly',
    time_zone: 'Europe/Berlin',
  });

  await screenshots(page, testInfo.outputPath.bind(testInfo), 'reminders');
  await page.setViewportSize({ width: 1280, height: 860 });
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Edit: new title, no repeat.
  await card.getByRole('button', { name: 'Edit reminder Take the bins out' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Reminder' });
  await expect(edit.getByLabel('Title')).toHaveValue('Take the bins out');
  await expect(edit.getByLabel('Remind Time')).toHaveValue(when.value);
  await edit.getByLabel('Title').fill('Bins out tonight');
  await edit.getByLabel('Repeat').selectOption('None');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('listitem').filter({ hasText: 'Bins out tonight' });
  await expect(edited.getByText('None')).toBeVisible();
  await expect(page.getByText('Take the bins out')).toHaveCount(0);

  // Delete, after confirming.
  await edited.getByRole('button', { name: 'Delete reminder Bins out tonight' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this reminder?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No reminders yet.')).toBeVisible();
  expect(await api<ApiReminder[]>(page, 'GET', '/api/reminder/')).toEqual([]);
});

test('a Daily reminder created yesterday shows on the home page at its time today', async ({
  page,
}, testInfo) => {
  await signedUpWithHouse(page);
  await page.goto('/reminders');

  // Yesterday, two hours later than now: today's occurrence is still ahead.
  const yesterday = await localInput(page, 2, -1);
  await page.getByRole('button', { name: '+ Add Reminder' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Reminder' });
  await form.getByLabel('Title').fill('Vitamins');
  await form.getByLabel('Remind Time').fill(yesterday.value);
  await form.getByLabel('Repeat').selectOption('Daily');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();

  // A one-off from last week must not show among the upcoming ones.
  await api(page, 'POST', '/api/reminder/', {
    title: 'Old news',
    remind_time: (await localInput(page, 0, -7)).utc,
    time_zone: 'Europe/Berlin',
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  const upcoming = page.getByRole('region', { name: 'Upcoming Reminders (Next 7 Days)' });
  const item = upcoming.getByRole('listitem').filter({ hasText: 'Vitamins' });
  await expect(item.locator('time')).toHaveAttribute('datetime', yesterday.occurrenceUtc);
  await expect(item.locator('time')).toHaveText(await localText(page, yesterday.occurrenceUtc));
  await expect(item.getByText('Repeats: Daily')).toBeVisible();
  await expect(upcoming.getByText('Old news')).toHaveCount(0);
  await screenshots(page, testInfo.outputPath.bind(testInfo), 'home-upcoming');

  const vitamins = (await api<ApiReminder[]>(page, 'GET', '/api/reminder/')).find(
    (r) => r.title === 'Vitamins',
  );
  expect(vitamins).toMatchObject({ remind_time: yesterday.utc, next_remind_time: yesterday.occurrenceUtc });
});

test('a reminder that comes due while Hearth is open shows a notice and a browser notification', async ({
  page,
}, testInfo) => {
  await signedUpWithHouse(page);
  const dueAt = new Date(Date.now() + 90_000).toISOString();
  await api(page, 'POST', '/api/reminder/', {
    title: 'Tea is ready',
    description: 'Green tea, 3 minutes',
    remind_time: dueAt,
    time_zone: 'Europe/Berlin',
  });

  // Records browser notifications as if the person had allowed them.
  await page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options: { body?: string } = {}) {
        shown.push({ title, ...(options.body ? { body: options.body } : {}) });
      }
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
  });
  await page.clock.install();
  await page.goto('/home');
  const upcoming = page.getByRole('region', { name: 'Upcoming Reminders (Next 7 Days)' });
  await expect(upcoming.getByText('Tea is ready')).toBeVisible();

  const notices = page.getByRole('status', { name: 'Reminder notices' });
  // The watcher loads with its own code: the clock jumps only once it has seen the reminder still ahead.
  await expect(notices).toBeAttached();
  await expect(notices.getByText('Tea is ready')).toHaveCount(0);
  await page.clock.fastForward('02:00');
  await expect(notices.getByText('Tea is ready')).toBeVisible();
  await expect(notices.getByText('Green tea, 3 minutes')).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications),
  ).toEqual([{ title: 'Tea is ready', body: 'Green tea, 3 minutes' }]);
  await screenshots(page, testInfo.outputPath.bind(testInfo), 'reminder-notice');

  await page.setViewportSize({ width: 1280, height: 860 });
  await notices.getByRole('button', { name: 'Dismiss reminder Tea is ready' }).click();
  await expect(notices.getByText('Tea is ready')).toHaveCount(0);
});
