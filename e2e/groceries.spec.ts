import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { houseCodeOf, housemate, screenshots } from './support/people.js';

const lists = (page: Page) => page.getByRole('region', { name: 'Lists' });
const item = (page: Page, name: string) => page.getByRole('checkbox', { name });

test('two housemates shop together: adds, ticks and removals show up for the other without a reload', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });

  for (const { page } of [ann, ben]) {
    await page.getByRole('link', { name: 'Groceries' }).first().click();
    await expect(page).toHaveURL(/\/groceries$/);
    await expect(page.getByText('No lists yet. Create one to get started.')).toBeVisible();
  }
  await expect(ann.page.getByText('Select a list')).toBeVisible();

  // Ann creates a list: Ben sees it appear, selected as his first list.
  await ann.page.getByRole('textbox', { name: 'New list name' }).fill('Weekly shop');
  await ann.page.getByRole('button', { name: 'Create List' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  await expect(ann.page.getByRole('textbox', { name: 'Add new item' })).toBeFocused();
  await expect(ben.page.getByRole('heading', { name: 'Weekly shop' })).toBeVisible();
  await expect(ben.page.getByText('No items in this list yet...')).toBeVisible();

  // Ann adds items with Enter; they appear for Ben.
  for (const name of ['Milk', 'Eggs', 'Bread']) await ann.page.keyboard.type(`${name}\n`);
  for (const name of ['Milk', 'Eggs', 'Bread']) await expect(item(ben.page, name)).toBeVisible();
  await expect(lists(ben.page).getByText('3 items')).toBeVisible();

  // Ann ticks Milk by clicking it; Ben sees it ticked. Ben ticks Eggs with Space; Ann sees that.
  await ann.page.getByText('Milk', { exact: true }).click();
  await expect(item(ann.page, 'Milk')).toBeChecked();
  await expect(item(ben.page, 'Milk')).toBeChecked();
  await item(ben.page, 'Eggs').focus();
  await ben.page.keyboard.press('Space');
  await expect(item(ann.page, 'Eggs')).toBeChecked();

  // Ben removes Bread; it goes from Ann's list too.
  await ben.page.getByRole('button', { name: 'Remove Bread' }).click();
  await expect(item(ann.page, 'Bread')).toHaveCount(0);
  await expect(lists(ann.page).getByText('2 items')).toBeVisible();

  // Ann unticks Milk; Ben sees it unticked.
  await item(ann.page, 'Milk').click();
  await expect(item(ben.page, 'Milk')).not.toBeChecked();

  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'groceries');
  const axe = await new AxeBuilder({ page: ann.page }).analyze();
  expect(axe.violations).toEqual([]);

  await ann.context.close();
  await ben.context.close();
});

test('deleting the selected list selects the first remaining one, for both housemates', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  for (const { page } of [ann, ben]) await page.goto('/groceries');

  for (const name of ['Market', 'Hardware', 'Party']) {
    await ann.page.getByRole('textbox', { name: 'New list name' }).fill(name);
    await ann.page.keyboard.press('Enter');
    await expect(ann.page.getByRole('heading', { name })).toBeVisible();
  }
  await ann.page.keyboard.type('Chips\n');
  await expect(lists(ben.page).getByRole('button', { name: /^Party/ })).toBeVisible();

  // Both look at Hardware; Ann deletes it.
  for (const { page } of [ann, ben]) {
    await lists(page)
      .getByRole('button', { name: /^Hardware/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Hardware' })).toBeVisible();
  }
  await ann.page.getByRole('button', { name: 'Delete list' }).click();
  const dialog = ann.page.getByRole('alertdialog', { name: 'Delete this list?' });
  await dialog.getByRole('button', { name: 'Delete list' }).click();

  for (const { page } of [ann, ben]) {
    await expect(page.getByRole('heading', { name: 'Market' })).toBeVisible();
    await expect(lists(page).getByRole('button', { name: /^Hardware/ })).toHaveCount(0);
  }
  await expect(lists(ann.page).getByRole('button', { name: /^Market/ })).toBeFocused();

  // On a phone the panels stack: the lists first, then the selected list.
  await ben.page.setViewportSize({ width: 375, height: 812 });
  const listsBox = await lists(ben.page).boundingBox();
  const headingBox = await ben.page.getByRole('heading', { name: 'Market' }).boundingBox();
  expect(listsBox && headingBox && headingBox.y > listsBox.y + listsBox.height).toBe(true);
  await screenshots(ben.page, testInfo.outputPath.bind(testInfo), 'groceries-after-delete');

  await ann.context.close();
  await ben.context.close();
});
