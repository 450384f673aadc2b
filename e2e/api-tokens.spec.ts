import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { housemate, unique } from './support/people.js';

/*
 * Personal API tokens as a person uses them: make one on the Settings page, copy it, call the API with it
 * (as a script or Home Assistant would, with nothing but the token), then revoke it and see it refused.
 */
test('makes an API token, uses it with fetch, and revokes it', async ({ browser }, testInfo) => {
  const me = await housemate(browser, { firstName: 'Tess', houseName: unique('Token house ') });
  const { page } = me;
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section).toBeVisible();
  await expect(section.getByText('No API tokens yet.')).toBeVisible();

  await section.getByLabel('Label').fill('Kitchen tablet');
  await section.getByLabel('Access').selectOption('read_write');
  await section.getByLabel('Expires').selectOption('30');
  await section.getByRole('button', { name: 'Create token' }).click();
  const shown = section.getByTestId('new-api-token');
  await expect(shown).toHaveText(/^hearth_pat_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent()) ?? '';
  const list = section.getByRole('list', { name: 'Your API tokens' });
  await expect(list.getByText('Kitchen tablet')).toBeVisible();
  await expect(list.getByText(/never used/)).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 860 });
      await section.screenshot({ path: testInfo.outputPath(`api-tokens-${scheme}-${width}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A script with nothing but the token: fetch from outside the page (no cookies, no session).
  const base = new URL(page.url()).origin;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const who = await fetch(`${base}/api/users/me`, { headers: auth });
  expect(who.status).toBe(200);
  expect((await who.json()).username).toBe(me.person.username);
  const made = await fetch(`${base}/api/grocery-list/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ grocery_list_name: 'From a script' }),
  });
  expect(made.status).toBe(201);
  const refused = await fetch(`${base}/api/access-token/`, { headers: auth });
  expect(refused.status).toBe(403);

  // The list notes the use once the page reads it again.
  await page.reload();
  await expect(list.getByText(/last used/)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke the token Kitchen tablet' }).click();
  await expect(section.getByText('No API tokens yet.')).toBeVisible();
  const after = await fetch(`${base}/api/users/me`, { headers: auth });
  expect(after.status).toBe(401);
  await me.context.close();
});
