import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, houseCodeOf, housemate, screenshots } from './support/people.js';

/** Plans a dinner of `recipe` for `servings` on the `nth` day of the week shown, through the meal dialog. */
async function planDinner(page: Page, nth: number, recipe: string, servings: number) {
  await page
    .getByRole('button', { name: /^Add a meal: Dinner/ })
    .nth(nth)
    .click();
  const dialog = page.getByRole('dialog', { name: 'Plan a meal' });
  await dialog.getByLabel('Recipe').selectOption({ label: recipe });
  await dialog.getByLabel('Servings').fill(String(servings));
  await dialog.getByRole('button', { name: 'Plan meal' }).click();
  await expect(dialog).toHaveCount(0);
}

test('two housemates plan three dinners, send them to a list, and the other sees merged, scaled quantities live on a phone', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  await ben.page.setViewportSize({ width: 375, height: 812 });

  // A recipe for 4, the house's staples, and a list that already has onions on it.
  const me = await api<{ house_id: number }>(ann.page, 'GET', '/api/users/me');
  await api(ann.page, 'POST', '/api/recipe/', {
    title: 'Chili',
    servings: 4,
    ingredients: [
      { text: '500 g kidney beans' },
      { text: '2 onions' },
      { text: '1/2 tsp salt' },
      { text: '1 ½ cups rice' },
    ],
    steps: ['Fry the onions.', 'Add the beans and simmer.'],
  });
  await api(ann.page, 'PUT', `/api/house/${me.house_id}/staples`, { staples: ['salt'] });
  const list = await api<{ grocery_list_id: number }>(ann.page, 'POST', '/api/grocery-list/', {
    grocery_list_name: 'Weekly shop',
  });
  await api(ann.page, 'POST', '/api/grocery-item/', {
    grocery_list_id: list.grocery_list_id,
    grocery_item_name: '1 onion',
  });

  // Both open next week's plan; Ann plans two dinners, Ben (on his phone) the third, and each sees the other's.
  for (const { page } of [ann, ben]) {
    await page.goto('/meals');
    await expect(page.getByRole('heading', { name: 'Meals', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Next week' }).click();
  }
  await planDinner(ann.page, 0, 'Chili', 2);
  await planDinner(ann.page, 1, 'Chili', 6);
  await planDinner(ben.page, 2, 'Chili', 4);
  await expect(
    ann.page.getByRole('button', { name: /^Chili/ }).filter({ hasText: '4 servings' }),
  ).toBeVisible();
  await expect(
    ben.page.getByRole('button', { name: /^Chili/ }).filter({ hasText: '6 servings' }),
  ).toBeVisible();

  // Ben watches the list on his phone while Ann sends the week to it.
  await ben.page.goto('/groceries');
  await expect(ben.page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();

  await ann.page.getByRole('button', { name: 'Add to shopping list' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Add to shopping list' });
  await dialog.getByRole('button', { name: 'Add ingredients' }).click();
  await expect(dialog.getByText('2 new items, 1 item topped up.')).toBeVisible();
  await expect(dialog.getByText('Left out as staples: salt')).toBeVisible();

  // 12 servings of a recipe for 4: 1.5 kg of beans, 4 1/2 cups of rice, and 6 onions on top of the 1.
  await expect(ben.page.getByText('kidney beans')).toBeVisible();
  await expect(ben.page.getByText('1.5 kg')).toBeVisible();
  await expect(ben.page.getByText('4 1/2 cups')).toBeVisible();
  await expect(ben.page.getByText('7', { exact: true })).toBeVisible();
  await expect(ben.page.getByText('salt')).toHaveCount(0);
  await screenshots(ben.page, testInfo.outputPath.bind(testInfo), 'meals-list');
  await ben.page.setViewportSize({ width: 375, height: 812 });

  // One undo takes it all back, for Ben too.
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog.getByText('Taken back off the list.')).toBeVisible();
  await expect(ben.page.getByText('kidney beans')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'meals');
  await ann.page.setViewportSize({ width: 320, height: 700 });
  const wide = await ann.page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(320);
  const axe = await new AxeBuilder({ page: ann.page }).analyze();
  expect(axe.violations).toEqual([]);
  await ann.page.emulateMedia({ colorScheme: 'dark' });
  await ann.page.screenshot({ path: testInfo.outputPath('meals-dark-320.png'), fullPage: true });

  await ann.context.close();
  await ben.context.close();
});
