import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';

let counter = 0;
/** A name no other test (or earlier run against the same server) has used. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

export interface Person {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

export function newPerson(firstName = 'Alex', lastName = 'Morgan'): Person {
  const username = unique(firstName.toLowerCase());
  return { firstName, lastName, username, email: `${username}@example.test`, password: 'correct horse 42' };
}

/** From the landing page, through the built-in provider's sign-up page, back into Hearth. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/userSetup$/);
}

/** Fills the profile form (email is prefilled from the sign-in) and saves it. */
export async function setUpProfile(page: Page, person: Person): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Set Up Your Profile' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/houseSetup/);
}

export async function createHouse(page: Page, houseName: string): Promise<void> {
  await page.getByRole('button', { name: 'Create House' }).click();
  await page.getByLabel('House Name').fill(houseName);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export async function joinHouse(page: Page, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Join House' }).click();
  await page.getByLabel('House Code').fill(code);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The signed-in person's access token, as the web app stored it. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('oidc.user:'))
        return JSON.parse(localStorage.getItem(key) ?? '{}').access_token as string;
    }
    return null;
  });
  if (!token) throw new Error('no signed-in user in localStorage');
  return token;
}

/** Calls the API as the page's signed-in person. */
export async function api<T>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  const token = await accessToken(page);
  const res = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The invite code of the page's person's house, read through the API. */
export async function houseCodeOf(page: Page): Promise<string> {
  const me = await api<{ house_id: number }>(page, 'GET', '/api/users/me');
  return (await api<{ house_code: string }>(page, 'GET', `/api/house/${me.house_id}`)).house_code;
}

export interface Housemate {
  context: BrowserContext;
  page: Page;
  person: Person;
}

/** A person in their own browser context, signed up, with a profile, in a new house or the given one. */
export async function housemate(
  browser: Browser,
  options: { firstName?: string; lastName?: string; houseName?: string; joinCode?: string } = {},
): Promise<Housemate> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = newPerson(options.firstName, options.lastName);
  await signUp(page, person);
  await setUpProfile(page, person);
  if (options.joinCode) await joinHouse(page, options.joinCode);
  else await createHouse(page, options.houseName ?? unique('House '));
  return { context, page, person };
}

/** Saves a screenshot as a test artifact at phone and desktop widths. */
export async function screenshots(page: Page, outputPath: (name: string) => string, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 860 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}
