import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { houseCodeOf, housemate, screenshots } from './support/people.js';

const row = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });

/** A local date (YYYY-MM-DD) `days` from today in the page's browser. */
const dateIn = (page: Page, days: number) =>
  page.evaluate((d) => {
    const at = new Date(Date.now() + d * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  }, days);

/** Creates a weekly task that the whole house (`people` members) takes turns at. */
async function createTakingTurns(page: Page, title: string, people: number) {
  await page.getByRole('button', { name: 'New task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Title').fill(title);
  // Due at the end of today: the form's default (the next whole hour) is tomorrow after 23:00.
  await dialog.getByLabel('First due').fill(`${await dateIn(page, 0)}T23:59`);
  await dialog.getByLabel('Repeat').selectOption('weeks');
  await expect(dialog.getByText(/^Every week on \w{3}$/)).toBeVisible();
  await dialog.getByLabel('Who does it').selectOption('round_robin');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/task/'));
  await dialog.getByRole('button', { name: 'Create task' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ rotation: 'round_robin', repeat: { every: 'weeks' } });
  expect((await sent).postDataJSON().pool).toHaveLength(people);
  await expect(dialog).toBeHidden();
}

test('a weekly task that takes turns: done by one shows up as the other’s turn without a reload, and undo', async ({
  browser,
}, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Annabelle-Marguerite', lastName: 'Lee-Okonkwo' });
  const ben = await housemate(browser, {
    firstName: 'Benedict',
    lastName: 'Cumberbatch-Featherstonehaugh',
    joinCode: await houseCodeOf(ann.page),
  });
  for (const { page } of [ann, ben]) {
    await page.getByRole('link', { name: 'Tasks' }).first().click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByText('No tasks yet')).toBeVisible();
  }

  await createTakingTurns(ann.page, 'Take the bins out', 2);
  // Ann is first in turn order (she has lived there longest); Ben sees the task arrive with her name.
  await expect(row(ben.page, 'Take the bins out')).toContainText('Annabelle-Marguerite Lee-Okonkwo');

  await ann.page.getByRole('button', { name: 'Done: Take the bins out' }).click();
  await expect(ann.page.getByText('Done: Take the bins out')).toBeVisible();
  await expect(row(ben.page, 'Take the bins out')).toContainText('Benedict Cumberbatch-Featherstonehaugh');
  await expect(row(ann.page, 'Take the bins out')).toContainText('Benedict Cumberbatch-Featherstonehaugh');

  // Ben's Mine filter now shows it; Ann's does not.
  await ben.page.getByRole('button', { name: 'Mine' }).click();
  await expect(row(ben.page, 'Take the bins out')).toBeVisible();

  // Undo puts the turn back with Ann, on both screens.
  await ann.page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(ann.page, 'Take the bins out')).toContainText('Annabelle-Marguerite Lee-Okonkwo');
  await expect(ben.page.getByText('Nothing on your turn')).toBeVisible();

  // The task's details show its repeat in words and its history (empty again after the undo).
  await ann.page.getByRole('button', { name: 'Take the bins out', exact: true }).click();
  const details = ann.page.getByRole('dialog', { name: 'Take the bins out' });
  await expect(details.getByText(/^Every week on \w{3}$/)).toBeVisible();
  await expect(details.getByText('Not done yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Close task details' }).click();

  await screenshots(ann.page, testInfo.outputPath.bind(testInfo), 'tasks');
  const axe = await new AxeBuilder({ page: ann.page }).analyze();
  expect(axe.violations).toEqual([]);
  // Nothing scrolls sideways on the narrowest phones, long names included.
  await ann.page.setViewportSize({ width: 320, height: 700 });
  expect(await ann.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // Home's "Your tasks" has it (due today, Ann's turn) with its own Done; Ben sees the turn pass to him.
  await ann.page.setViewportSize({ width: 375, height: 812 });
  await ann.page.goto('/home');
  const yours = ann.page.getByRole('region', { name: 'Your tasks' });
  await yours.getByRole('button', { name: 'Done: Take the bins out' }).click();
  await expect(ann.page.getByText('Done: Take the bins out')).toBeVisible();
  await expect(yours.getByText('Nothing due today. Enjoy!')).toBeVisible();
  await ann.page.screenshot({ path: testInfo.outputPath('tasks-home-375.png'), fullPage: true });
  await expect(row(ben.page, 'Take the bins out')).toBeVisible();
  await ben.page.getByRole('button', { name: 'Take the bins out', exact: true }).click();
  const bensDetails = ben.page.getByRole('dialog', { name: 'Take the bins out' });
  await expect(bensDetails.getByText('Done by Annabelle-Marguerite Lee-Okonkwo')).toBeVisible();
  await ben.page.setViewportSize({ width: 375, height: 812 });
  await ben.page.screenshot({ path: testInfo.outputPath('tasks-details-375.png') });

  await ann.context.close();
  await ben.context.close();
});

test('rotation skips a housemate who is away on the due date', async ({ browser }, testInfo) => {
  const ann = await housemate(browser, { firstName: 'Ann', lastName: 'Lee' });
  const ben = await housemate(browser, {
    firstName: 'Ben',
    lastName: 'Okafor',
    joinCode: await houseCodeOf(ann.page),
  });
  for (const { page } of [ann, ben]) await page.goto('/tasks');

  // Ben is away for the next fortnight; Ann sees it.
  await ben.page.getByLabel('From').fill(await dateIn(ben.page, 1));
  await ben.page.getByLabel('To').fill(await dateIn(ben.page, 14));
  await ben.page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(ben.page.getByRole('button', { name: /Remove your time away/ })).toBeVisible();
  await expect(ann.page.getByRole('list', { name: 'Who is away' }).getByText('Ben Okafor')).toBeVisible();

  await createTakingTurns(ann.page, 'Water the plants', 2);
  await ann.page.getByRole('button', { name: 'Done: Water the plants' }).click();
  await expect(ann.page.getByText('Done: Water the plants')).toBeVisible();
  // Next week Ben is away, so the turn stays with Ann, on both screens.
  await expect(row(ben.page, 'Water the plants')).toContainText('Ann Lee');
  await expect(row(ben.page, 'Water the plants')).not.toContainText('Ben Okafor');
  await expect(ann.page.getByRole('figure', { name: /Ann Lee 1, Ben Okafor 0/ })).toBeVisible();

  await ann.page.setViewportSize({ width: 375, height: 812 });
  await ann.page.getByRole('button', { name: 'New task' }).first().click();
  const dialog = ann.page.getByRole('dialog', { name: 'New task' });
  await dialog.getByLabel('Repeat').selectOption('weeks');
  await dialog.getByLabel('Who does it').selectOption('round_robin');
  await ann.page.screenshot({ path: testInfo.outputPath('tasks-dialog-375.png') });
  const axe = await new AxeBuilder({ page: ann.page }).include('[role="dialog"]').analyze();
  expect(axe.violations).toEqual([]);
  await dialog.getByRole('button', { name: /Move Ben Okafor earlier/ }).scrollIntoViewIfNeeded();
  await ann.page.screenshot({ path: testInfo.outputPath('tasks-dialog-rotation-375.png') });

  await ann.context.close();
  await ben.context.close();
});
