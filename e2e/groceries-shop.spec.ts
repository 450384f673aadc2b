import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { houseCodeOf, housemate, screenshots } from './support/people.js';

/** The list as a shopper reads it, top to bottom: category headings and items ("potatoes2 kg"). */
const reading = (page: Page, list: string) =>
  page
    .getByRole('list', { name: `Items in ${list}` })
    .evaluate((ul) =>
      [...ul.children].map((li) => (li.querySelector('h3') ?? li.querySelector('label'))?.textContent ?? ''),
    );

test('a house shops by category: "2 kg potatoes" lands under Produce, and a new shop order reaches the housemate live', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  for (const { page } of [ann, ben]) await page.goto('/groceries');

  await ann.page.getByRole('textbox', { name: 'New list name' }).fill('Weekly shop');
  await ann.page.getByRole('button', { name: 'Create List' }).click();
  await expect(ann.page.getByRole('textbox', { name: 'Add new item' })).toBeFocused();

  // The quantity comes out of the name; the item goes under Produce with "2 kg", for both of them.
  await ann.page.keyboard.type('2 kg potatoes\n');
  for (const { page } of [ann, ben]) {
    await expect(page.getByRole('checkbox', { name: 'potatoes, 2 kg' })).toBeVisible();
    await expect.poll(() => reading(page, 'Weekly shop')).toEqual(['Produce', 'potatoes2 kg']);
  }
  await ann.page.keyboard.type('Milk 2 l\n');
  await ann.page.keyboard.type('Bin bags\n');
  const start = ['Produce', 'potatoes2 kg', 'Dairy & eggs', 'Milk2 l', 'Household', 'Bin bags'];
  for (const { page } of [ann, ben]) await expect.poll(() => reading(page, 'Weekly shop')).toEqual(start);

  // Ann drags Household to the top of the shop order, then moves Dairy & eggs above Produce.
  await ann.page.getByRole('button', { name: 'Shop order' }).click();
  const order = ann.page.getByRole('list', { name: 'Shop order' });
  const handle = order.getByRole('button', { name: /^Household, place 8 of 10/ });
  const target = order.getByRole('button', { name: /^Produce, place 1 of 10/ });
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await ann.page.mouse.move(from.x + 20, from.y + from.height / 2);
  await ann.page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await ann.page.mouse.move(from.x + 20, from.y + ((to.y + 4 - from.y) * step) / 8);
  }
  await ann.page.mouse.up();
  await expect(order.getByRole('button', { name: /^Household, place 1 of 10/ })).toBeVisible();
  await order.getByRole('button', { name: 'Move Dairy & eggs up' }).click();
  await expect(order.getByRole('button', { name: /^Dairy & eggs, place 3 of 10/ })).toBeVisible();
  // And once more with the arrow key on its handle, which keeps focus as the row moves.
  await order.getByRole('button', { name: /^Dairy & eggs, place 3 of 10/ }).focus();
  await ann.page.keyboard.press('ArrowUp');
  await expect(order.getByRole('button', { name: /^Dairy & eggs, place 2 of 10/ })).toBeFocused();

  // Ben's list follows without a reload.
  const reordered = ['Household', 'Bin bags', 'Dairy & eggs', 'Milk2 l', 'Produce', 'potatoes2 kg'];
  for (const { page } of [ann, ben]) await expect.poll(() => reading(page, 'Weekly shop')).toEqual(reordered);

  // Ben ticks the potatoes: they drop into Done for Ann too; Ann clears them; they are offered to buy again.
  await ben.page.getByRole('checkbox', { name: 'potatoes, 2 kg' }).check();
  await expect
    .poll(() => reading(ann.page, 'Weekly shop'))
    .toEqual(['Household', 'Bin bags', 'Dairy & eggs', 'Milk2 l', 'Done', 'potatoes2 kg']);
  await ann.page.getByRole('button', { name: 'Clear done' }).click();
  await expect(ann.page.getByRole('checkbox', { name: 'potatoes, 2 kg' })).toHaveCount(0);
  await expect(ben.page.getByRole('checkbox', { name: 'potatoes, 2 kg' })).toHaveCount(0);
  const again = ann.page.getByRole('button', { name: 'Buy again: potatoes, 2 kg' });
  await expect(again).toBeVisible();
  await ann.page.getByRole('button', { name: 'Shop order' }).click();
  // Common items are suggested too, before the house has bought them.
  await ann.page.getByRole('textbox', { name: 'Add new item' }).fill('to');
  await expect(ann.page.getByRole('button', { name: 'Add Tomatoes (Produce)' })).toBeVisible();
  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'groceries-shop-suggestions');

  // Typing suggests what the house bought; one tap adds it with its usual quantity.
  await ann.page.getByRole('textbox', { name: 'Add new item' }).fill('pot');
  await ann.page.getByRole('button', { name: 'Add potatoes, 2 kg (Produce)' }).click();
  await expect(ben.page.getByRole('checkbox', { name: 'potatoes, 2 kg' })).toBeVisible();
  await expect(again).toHaveCount(0);

  // A long name on a phone wraps instead of scrolling sideways.
  await ann.page
    .getByRole('textbox', { name: 'Add new item' })
    .fill('Extra-large family-size organic free-range wholegrain breakfast cereal with dried berries x2');
  await ann.page.keyboard.press('Enter');
  await expect(
    ann.page.getByRole('checkbox', { name: /breakfast cereal with dried berries, x2$/ }),
  ).toBeVisible();
  await ben.page.getByRole('checkbox', { name: 'Milk, 2 l' }).check();
  await expect(ann.page.getByRole('checkbox', { name: 'Milk, 2 l' })).toBeChecked();
  for (const width of [320, 375]) {
    await ann.page.setViewportSize({ width, height: 812 });
    const overflow = await ann.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'groceries-shop');
  const axe = await new AxeBuilder({ page: ann.page }).analyze();
  expect(axe.violations).toEqual([]);

  await ann.context.close();
  await ben.context.close();
});
