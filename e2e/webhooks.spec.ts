import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { api, housemate, screenshots } from './support/people.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Standard Webhooks' signature, computed here with node:crypto (not the library the server signs with). */
function signature(secret: string, r: Received): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const text = `${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`;
  return `v1,${createHmac('sha256', key).update(text).digest('base64')}`;
}

test('a member adds a webhook, sends a test and sees the deliveries in its log', async ({
  browser,
}, testInfo) => {
  // A receiver on this machine (the e2e server allows loopback addresses).
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

  try {
    const { page } = await housemate(browser, { firstName: 'Wren', lastName: 'Okafor' });
    await page.goto('/house');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel(/^URL/).fill(url);
    await dialog.getByLabel('Description').fill('House chat');
    await dialog.getByLabel('Grocery list added').check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog).toBeHidden();

    // The secret, shown once.
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const hook = page.getByTestId('webhook');
    await expect(hook).toContainText('House chat');
    await expect(hook).toContainText('Events: Grocery list added');

    // Send a test: the ping arrives, signed, and the log says it was delivered.
    await page.getByRole('button', { name: 'Send a test to House chat' }).click();
    await expect(page.getByText('Test sent.')).toBeVisible();
    const log = page.getByTestId('webhook-delivery');
    await expect(log.first()).toContainText('Delivered', { timeout: 15_000 });
    await expect(log.first()).toContainText('HTTP 204');
    await expect(log.first()).toContainText('1 try');

    // A change in the house reaches the receiver too, and shows in the log.
    await api(page, 'POST', '/api/grocery-list/', { grocery_list_name: 'Saturday market' });
    await expect(log.filter({ hasText: 'Grocery list added' })).toContainText('Delivered', {
      timeout: 15_000,
    });

    expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['ping', 'grocery_list.created']);
    for (const r of received) expect(r.headers['webhook-signature']).toBe(signature(secret, r));
    expect(JSON.parse(received[1]?.body ?? '{}').data.grocery_list_name).toBe('Saturday market');

    // Passes axe with the secret and the log shown; nothing sideways on a phone; light and dark.
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 320, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshots(page, testInfo.outputPath.bind(testInfo), 'webhooks-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await screenshots(page, testInfo.outputPath.bind(testInfo), 'webhooks-dark');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
