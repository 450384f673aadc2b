import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { houseCodeOf, housemate, screenshots } from './support/people.js';

const myBalance = (page: Page) => page.getByRole('region', { name: 'Your balance' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });

async function openBills(page: Page) {
  await page.getByRole('link', { name: 'Bills' }).first().click();
  await expect(page).toHaveURL(/\/bills$/);
}

test('an expense split three ways shows the right balances on each housemate’s screen, live', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const ann = await housemate(browser, {
    firstName: 'Annabelle',
    lastName: 'Featherstonehaugh-Cholmondeley',
  });
  const code = await houseCodeOf(ann.page);
  const ben = await housemate(browser, { firstName: 'Ben', lastName: 'Okafor', joinCode: code });
  const cy = await housemate(browser, {
    firstName: 'Cy',
    lastName: 'Wojciechowska-Abernathy',
    joinCode: code,
  });

  // First use: Ann chooses the house currency.
  await openBills(ann.page);
  await expect(ann.page.getByRole('heading', { name: 'Choose your house currency' })).toBeVisible();
  await ann.page.getByRole('combobox', { name: 'House currency' }).selectOption('EUR');
  await ann.page.getByRole('button', { name: 'Start using bills' }).click();
  await expect(myBalance(ann.page).getByText('All settled')).toBeVisible();

  for (const { page } of [ben, cy]) {
    await openBills(page);
    await expect(myBalance(page).getByText('All settled')).toBeVisible();
  }

  // Ann paid €30.01 for the shop, split equally: the leftover cent goes to the first in the split (Ann).
  await ann.page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Add expense' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Big shop at the farmers’ market');
  await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('30.01');
  // The exact-amount fields, with long names, at phone and desktop widths; then back to an equal split.
  await dialog.getByRole('combobox', { name: 'Split' }).selectOption('exact');
  await expect(dialog.getByRole('textbox', { name: "Cy's amount" })).toBeVisible();
  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'bills-expense-dialog');
  await dialog.getByRole('combobox', { name: 'Split' }).selectOption('equal');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();

  await expect(myBalance(ann.page).getByText('Ben owes you €10.00')).toBeVisible();
  await expect(myBalance(ann.page).getByText('Cy owes you €10.00')).toBeVisible();
  // Ben and Cy see it arrive without reloading.
  await expect(myBalance(ben.page).getByText('You owe Annabelle €10.00')).toBeVisible();
  await expect(myBalance(cy.page).getByText('You owe Annabelle €10.00')).toBeVisible();
  await expect(history(ben.page).getByText('Big shop at the farmers’ market')).toBeVisible();
  await expect(history(ben.page).getByText('Your share €10.00')).toBeVisible();

  // Ben settles his part with the suggested payment.
  await ben.page.getByRole('button', { name: 'Record payment: You pay Annabelle €10.00' }).click();
  const pay = ben.page.getByRole('dialog', { name: 'Record payment' });
  await expect(pay.getByRole('textbox', { name: 'Amount (EUR)' })).toHaveValue('10.00');
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(myBalance(ben.page).getByText('All settled')).toBeVisible();
  await expect(myBalance(ann.page).getByText('Cy owes you €10.00')).toBeVisible();
  await expect(myBalance(ann.page).getByText('Ben owes you €10.00')).toHaveCount(0);

  // Home says the same.
  await cy.page.getByRole('link', { name: 'Home' }).first().click();
  await expect(cy.page.getByText('You owe Annabelle €10.00')).toBeVisible();

  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'bills');
  await ann.page.setViewportSize({ width: 1280, height: 860 });
  const axe = await new AxeBuilder({ page: ann.page }).analyze();
  expect(axe.violations).toEqual([]);

  for (const p of [ann, ben, cy]) await p.context.close();
});

test('record purchase from a grocery list: ticked items become one expense and leave the list', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  await openBills(ann.page);
  await ann.page.getByRole('combobox', { name: 'House currency' }).selectOption('EUR');
  await ann.page.getByRole('button', { name: 'Start using bills' }).click();
  await expect(ann.page.getByRole('button', { name: 'Add expense' })).toBeVisible();

  await ann.page.getByRole('link', { name: 'Groceries' }).first().click();
  await ann.page.getByRole('textbox', { name: 'New list name' }).fill('Saturday market');
  await ann.page.getByRole('button', { name: 'Create List' }).click();
  await expect(ann.page.getByRole('heading', { name: 'Saturday market' })).toBeVisible();
  for (const name of ['Milk', 'Eggs', 'Bread']) await ann.page.keyboard.type(`${name}\n`);
  await ann.page.getByRole('checkbox', { name: 'Milk' }).click();
  await ann.page.getByRole('checkbox', { name: 'Eggs' }).click();
  await expect(ann.page.getByRole('checkbox', { name: 'Eggs' })).toBeChecked();

  await ann.page.getByRole('button', { name: 'Record purchase' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Record purchase' });
  await expect(dialog.getByText('2 ticked items: Milk, Eggs')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('7.50');
  await dialog.getByRole('button', { name: 'Record purchase' }).click();
  await expect(dialog).toBeHidden();
  await expect(ann.page.getByRole('checkbox', { name: 'Milk' })).toHaveCount(0);
  await expect(ann.page.getByRole('checkbox', { name: 'Bread' })).toBeVisible();
  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'bills-purchase');

  await openBills(ben.page);
  await expect(history(ben.page).getByText('Saturday market')).toBeVisible();
  await expect(history(ben.page).getByText('Milk, Eggs')).toBeVisible();
  await expect(myBalance(ben.page).getByText('You owe Ann €3.75')).toBeVisible();

  await ann.context.close();
  await ben.context.close();
});

test('a monthly bill starting today becomes an expense at once and lists its next due date', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  await openBills(ann.page);
  await ann.page.getByRole('combobox', { name: 'House currency' }).selectOption('JPY');
  await ann.page.getByRole('button', { name: 'Start using bills' }).click();

  await ann.page.getByRole('button', { name: 'Add recurring bill' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Add recurring bill' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Fibre internet');
  await dialog.getByRole('textbox', { name: 'Amount (JPY)' }).fill('4,980');
  // Monthly on the first date's day (the default), so today's date is already due.
  await expect(dialog.getByRole('combobox', { name: 'On' })).toHaveValue('');
  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'bills-recurring-dialog');
  await dialog.getByRole('button', { name: 'Add recurring bill' }).click();
  await expect(dialog).toBeHidden();

  await expect(ann.page.getByRole('complementary').getByText(/^Every month · paid by Ann$/)).toBeVisible();
  await expect(ann.page.getByText(/^Next due /)).toBeVisible();
  const history = ann.page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Fibre internet')).toBeVisible();
  await expect(history.getByText('¥4,980', { exact: true })).toBeVisible();
  await expect(history.getByRole('img', { name: 'Recurring' })).toBeVisible();
  await ann.context.close();
});
