import { expect, type Page, test } from '@playwright/test';
import { api, newPerson, screenshots, unique } from './support/people.js';

// A browser set to German in Germany: Hearth reads in German, weeks start on Monday, times are 24-hour.
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

async function htmlLang(page: Page) {
  return page.evaluate(() => document.documentElement.lang);
}

test('a German browser gets Hearth in German, and English chosen in the profile sticks', async ({
  page,
}, info) => {
  const person = newPerson('Jonas', 'Müller-Lüdenscheidt');

  // Landing page.
  await page.goto('/');
  await expect(page.getByText('Willkommen! Bitte melde dich an, um weiterzumachen.')).toBeVisible();
  expect(await htmlLang(page)).toBe('de');

  // The built-in sign-in pages.
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  expect(await htmlLang(page)).toBe('de');
  await expect(page).toHaveTitle('Anmelden · Hearth');
  await page.getByRole('link', { name: 'Konto erstellen' }).click();
  await expect(page.getByRole('heading', { name: 'Erstell dein Konto' })).toBeVisible();
  // A mistake is explained in German too.
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByRole('alert')).toContainText('Vorname fehlt.');
  await page.getByLabel('Vorname').fill(person.firstName);
  await page.getByLabel('Nachname').fill(person.lastName);
  await page.getByLabel('E-Mail').fill(person.email);
  await page.getByLabel('Passwort').fill(person.password);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();

  // Profile and house setup.
  await expect(page.getByRole('heading', { name: 'Richte dein Profil ein' })).toBeVisible();
  await expect(page.getByLabel('Sprache')).toHaveValue('');
  await page.getByLabel('Benutzername').fill(person.username);
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page).toHaveURL(/\/houseSetup/);
  await page.getByRole('button', { name: 'Haushalt gründen' }).click();
  await page.getByLabel('Name des Haushalts').fill(unique('WG '));
  await page.getByRole('button', { name: 'Gründen', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Home: German texts, and the week starts on Monday.
  await expect(page.getByRole('heading', { name: /Willkommen zu Hause, Jonas/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Diese Woche auf einen Blick' })).toBeVisible();
  const navigation = page.getByRole('navigation').first();
  await expect(navigation.getByRole('link', { name: 'Einkaufsliste' })).toBeVisible();
  await screenshots(page, (name) => info.outputPath(name), 'home-de');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Calendar: German, Monday first, 24-hour times.
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Haushaltskalender' })).toBeVisible();
  await expect(page.locator('.fc-col-header-cell').first()).toHaveText(/^Mo/);
  await page.getByRole('button', { name: 'Woche' }).click();
  await expect(
    page
      .locator('.fc-timegrid-slot-label')
      .filter({ hasText: /^\s*13/ })
      .first(),
  ).toBeVisible();
  await expect(page.locator('.fc-timegrid')).not.toContainText(/\b(am|pm|AM|PM)\b/);
  await screenshots(page, (name) => info.outputPath(name), 'calendar-de');

  // English in the profile: the app switches, the choice is saved and survives a reload.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/userSetup');
  await page.getByLabel('Sprache').selectOption('en');
  await page.getByRole('button', { name: 'Profil speichern' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /Welcome home, Jonas/ })).toBeVisible();
  expect(await htmlLang(page)).toBe('en');
  expect((await api<{ language: string | null }>(page, 'GET', '/api/users/me')).language).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome home, Jonas/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This Week at a Glance' })).toBeVisible();
  expect(await htmlLang(page)).toBe('en');
});
