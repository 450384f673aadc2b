import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  createHouse,
  joinHouse,
  newPerson,
  screenshots,
  setUpProfile,
  signUp,
  unique,
} from './support/people.js';

test('two people sign up; one creates a house, the other joins it with the code', async ({
  browser,
}, testInfo) => {
  // Person one: landing, sign-up at the built-in provider, profile, new house.
  const oneContext = await browser.newContext();
  const one = await oneContext.newPage();
  await one.goto('/');
  await expect(one.getByText('Welcome! Please login to continue.')).toBeVisible();
  await screenshots(one, testInfo.outputPath.bind(testInfo), 'landing');
  expect((await new AxeBuilder({ page: one }).analyze()).violations).toEqual([]);

  const ann = newPerson('Ann', 'Lee');
  await signUp(one, ann);
  await screenshots(one, testInfo.outputPath.bind(testInfo), 'user-setup');
  await setUpProfile(one, ann);
  await screenshots(one, testInfo.outputPath.bind(testInfo), 'house-setup');
  const houseName = unique('Maple ');
  await createHouse(one, houseName);

  await expect(one.getByRole('heading', { name: 'Welcome home, Ann Lee!' })).toBeVisible();
  await expect(one.getByText(houseName)).toBeVisible();
  await screenshots(one, testInfo.outputPath.bind(testInfo), 'home');
  expect((await new AxeBuilder({ page: one }).analyze()).violations).toEqual([]);

  // The invite card shows the code a housemate needs.
  const codeText = await one.locator('p', { hasText: 'House code:' }).textContent();
  const code = (codeText ?? '').replace('House code:', '').trim();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);

  // Person two: signs up in their own browser and joins with that code.
  const twoContext = await browser.newContext();
  const two = await twoContext.newPage();
  const ben = newPerson('Ben', 'Okafor');
  await signUp(two, ben);
  await setUpProfile(two, ben);
  await joinHouse(two, code);
  await expect(two.getByRole('heading', { name: 'Welcome home, Ben Okafor!' })).toBeVisible();
  await expect(two.getByText(houseName)).toBeVisible();

  await oneContext.close();
  await twoContext.close();
});

test('the sidebar leads everywhere, Tasks and Bills open their pages, and sign-out works', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson('Cara', 'Diaz');
  await signUp(page, person);
  await setUpProfile(page, person);
  await createHouse(page, unique('Oak '));

  const nav = page.getByRole('navigation');
  for (const [name, path] of [
    ['Tasks', '/tasks'],
    ['Bills', '/bills'],
    ['Home', '/home'],
  ] as const) {
    await nav.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByText(/coming/i)).toHaveCount(0);

  // On a phone the sidebar folds into a menu.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Bills' }).click();
  await expect(page).toHaveURL(/\/bills$/);

  await page.setViewportSize({ width: 1280, height: 860 });
  // One click signs out (no confirmation): a second click while the sign-out navigates would wait for a
  // page that is going away.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  // Signed out, a deep link goes to the landing page, and back to it after signing in again.
  await page.goto('/bills');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/bills$/);
  await context.close();
});

test('a wrong password is refused with a clear message', async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson('Dev', 'Patel');
  await signUp(page, person);
  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('wrong password 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Incorrect email or password\./);
  await screenshots(page, testInfo.outputPath.bind(testInfo), 'sign-in-error');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await context.close();
});

test('an invite link pre-fills the code', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson('Eve', 'Stone');
  await signUp(page, person);
  await setUpProfile(page, person);
  await page.goto('/houseSetup?code=ABCDEFGHJK');
  await expect(page.getByLabel('House Code')).toHaveValue('ABCDEFGHJK');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText('No house has that code. Check it and try again.')).toBeVisible();
  await context.close();
});
