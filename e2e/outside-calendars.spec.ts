import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createHouse, newPerson, screenshots, setUpProfile, signUp, unique } from './support/people.js';

/*
 * Calendar apps and outside calendars, as a person uses them: an app password made in Settings (and
 * accepted by the CalDAV server), then an outside calendar added by its link on /calendar, served by a
 * small http server in this test (the test server may reach loopback: OUTBOUND_ALLOW_LOOPBACK=true), and
 * its events on the calendar and on Home's week, as a layer that switches off and on.
 */

test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) =>
  `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00Z`;

/** A feed with a timed event today (10:00 UTC, noon in Berlin in summer, 11:00 in winter). */
function feed(): string {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10));
  const end = new Date(start.getTime() + 3600_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Council//Bins//EN',
    'BEGIN:VEVENT',
    'UID:recycling@council.example',
    `DTSTAMP:${stamp(start)}`,
    'SUMMARY:Recycling collection',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test('an app password in Settings, an outside calendar by link, and its layer on the calendar and Home', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = http.createServer((req, res) => {
    if (req.url === '/bins.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      return res.end(feed());
    }
    res.writeHead(404);
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bins.ics`;

  try {
    const person = newPerson('Robin', 'Reed');
    await signUp(page, person);
    await setUpProfile(page, person);
    await createHouse(page, unique('Outside House '));

    // An app password, shown once, that the CalDAV server takes.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // Settings has two Label fields (app passwords, API tokens): the one beside Create password.
    await page
      .locator('form', { has: page.getByRole('button', { name: 'Create password' }) })
      .getByLabel('Label')
      .fill("Robin's phone");
    await page.getByRole('button', { name: 'Create password' }).click();
    const shown = page.getByTestId('new-app-password');
    await expect(shown).toHaveText(/^[a-z2-9]{7}(-[a-z2-9]{7}){3}$/);
    const password = (await shown.textContent()) ?? '';
    await expect(page.getByText("Robin's phone", { exact: true })).toBeVisible();
    const dav = await page.request.fetch('/dav/', {
      method: 'PROPFIND',
      headers: {
        authorization: `Basic ${Buffer.from(`${person.username}:${password}`).toString('base64')}`,
        depth: '0',
      },
    });
    expect(dav.status()).toBe(207);

    // An outside calendar by its link.
    await page.getByRole('navigation').getByRole('link', { name: 'Calendar' }).first().click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByText('No outside calendars yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a calendar by link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a calendar by link' });
    await dialog.getByLabel('Name').fill('Bin collection');
    await dialog.getByLabel('Link').fill(feedUrl);
    await dialog.getByLabel('Who sees it').selectOption({ label: 'Whole house' });
    await dialog.getByRole('button', { name: 'Add calendar' }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole('list', { name: 'Outside calendars' });
    await expect(list.getByText('Bin collection')).toBeVisible();
    await expect(list.getByText(/Whole house · Last updated/)).toBeVisible();

    // Its event on the calendar, in a layer that switches off and on.
    const event = page.locator('.fc-event', { hasText: 'Recycling collection' }).first();
    await expect(event).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Outside calendars' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('.fc-event', { hasText: 'Recycling collection' })).toHaveCount(0);
    await toggle.click();
    await expect(event).toBeVisible();

    const axe = await new AxeBuilder({ page })
      .include('section[aria-labelledby="external-calendars-heading"]')
      .analyze();
    expect(axe.violations).toEqual([]);
    await screenshots(page, (name) => testInfo.outputPath(name), 'outside-calendars');

    // Refresh says when it was read; Home's week shows the event too.
    await page.getByRole('button', { name: 'Refresh Bin collection' }).click();
    await expect(list.getByText(/Last updated/)).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByText('Recycling collection').first()).toBeVisible();
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
