import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { houseCodeOf, housemate, screenshots, unique } from './support/people.js';

test('a member leaves and the other sees the member list change live', async ({ browser }, testInfo) => {
  const shot = (page: Parameters<typeof screenshots>[0], name: string) =>
    screenshots(page, testInfo.outputPath.bind(testInfo), name);

  // Two people share a house; the second has a very long name.
  const houseName = unique('Linden Court ');
  const one = await housemate(browser, { firstName: 'Ines', lastName: 'Duarte', houseName });
  const two = await housemate(browser, {
    firstName: 'Maxi',
    lastName: 'Bartholomea-Wolfeschlegelsteinhausenbergerdorff',
    joinCode: await houseCodeOf(one.page),
  });

  // The house pill on Home opens the House page.
  await one.page.getByRole('link', { name: `Your house: ${houseName}` }).click();
  await expect(one.page).toHaveURL(/\/house$/);
  await expect(one.page.getByRole('heading', { name: houseName, level: 1 })).toBeVisible();
  const members = one.page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem')).toHaveCount(2);
  await expect(members).toContainText('Ines Duarte (you)');
  await expect(members).toContainText('Wolfeschlegelsteinhausenbergerdorff');
  await expect(members).toContainText('Joined');
  await expect(one.page.getByText(/takes effect at once/)).toBeVisible();

  // Nothing sideways on a phone, even with the long name; the page passes axe.
  await one.page.setViewportSize({ width: 375, height: 812 });
  const overflow = await one.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect((await new AxeBuilder({ page: one.page }).analyze()).violations).toEqual([]);
  await shot(one.page, 'house');

  // The second member opens the House page and leaves, after reading what happens.
  await two.page.goto('/house');
  await two.page.getByRole('button', { name: 'Leave house' }).click();
  const dialog = two.page.getByRole('alertdialog', { name: 'Leave the house?' });
  await expect(dialog).toContainText('Your reminders stay yours.');
  await expect(dialog).toContainText('stays with it under your name');
  await shot(two.page, 'house-leave-dialog');
  await dialog.getByRole('button', { name: 'Leave house' }).click();
  await expect(two.page).toHaveURL(/\/houseSetup/);

  // The first member's list drops the leaver without a reload.
  await expect(members.getByRole('listitem')).toHaveCount(1);
  await expect(members).not.toContainText('Wolfeschlegelsteinhausenbergerdorff');
  await expect(one.page.getByText(/Leave and delete|last member/).first()).toBeHidden();

  // The last member is warned that leaving deletes the house.
  await one.page.getByRole('button', { name: 'Leave house' }).click();
  await expect(one.page.getByRole('alertdialog', { name: 'Leave and delete the house?' })).toContainText(
    'deletes the house and all its data',
  );
  await shot(one.page, 'house-last-leave-dialog');
  await one.page.getByRole('button', { name: 'Cancel' }).click();

  // The last member deletes their account: signed out, and the old password no longer signs in.
  await one.page.getByRole('button', { name: 'Delete my account' }).click();
  const confirmDelete = one.page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirmDelete).toContainText('the house and all its data go too');
  await confirmDelete.getByRole('button', { name: 'Delete my account' }).click();
  await expect(one.page.getByText('Welcome! Please login to continue.')).toBeVisible();
  await one.page.getByRole('button', { name: 'Login' }).click();
  await one.page.getByLabel('Email').fill(one.person.email);
  await one.page.getByLabel('Password').fill(one.person.password);
  await one.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(one.page.getByRole('alert')).toHaveText(/Incorrect email or password\./);

  await one.context.close();
  await two.context.close();
});
