import { type ClientRequest, get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfNewHouse, startTestApp, type TestApp } from '../test/test-app.js';
import { testEngine } from '../test/test-db.js';

const MINUTE = 60_000;

describe(`per-user API limits (${testEngine})`, () => {
  let t: TestApp;
  let baseUrl = '';

  beforeAll(async () => {
    t = await startTestApp({
      build: {
        apiLimits: {
          writes: { max: 8, windowMs: MINUTE },
          houseCodeGuesses: { max: 3, windowMs: 15 * MINUTE },
          liveStreams: 2,
        },
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers writes over the budget with 429, Retry-After and the JSON error shape; reads and others go on', async () => {
    // Set up directly in the database: no API write is counted yet.
    const { client } = await memberOfNewHouse(t, 'busy');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await client.post('/api/grocery-list/', { grocery_list_name: `List ${i}` })).statusCode);
    }
    expect(statuses).toEqual([...Array(8).fill(201), 429, 429]);
    const refused = await client.post('/api/grocery-list/', { grocery_list_name: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Please wait and try again.' },
    });
    // Nothing was written by the refused requests.
    expect((await client.get('/api/grocery-list/')).json()).toHaveLength(8);
    // Someone else has their own budget.
    const other = await memberOfNewHouse(t, 'calm');
    expect((await other.client.post('/api/grocery-list/', { grocery_list_name: 'Mine' })).statusCode).toBe(
      201,
    );
  });

  it('limits house-code guesses per user', async () => {
    // Someone without a house, so joining is possible at all.
    const loner = t.as('loner');
    expect(
      (
        await loner.post('/api/users/', {
          username: 'loner',
          first_name: 'L',
          last_name: 'O',
          email: 'l@o.test',
        })
      ).statusCode,
    ).toBe(200);
    const statuses: number[] = [];
    for (const code of ['AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC', 'DDDDDDDDDD']) {
      statuses.push((await loner.put(`/api/house/${code}`)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('limits live streams open at once per user, and frees a place when one closes', async () => {
    await memberOfNewHouse(t, 'streamer');
    const token = await t.issuer.mint('streamer');
    const open = () =>
      new Promise<{ req: ClientRequest; res: IncomingMessage }>((resolve, reject) => {
        const req = httpGet(`${baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` } }, (res) =>
          resolve({ req, res }),
        );
        req.on('error', reject);
      });
    const first = await open();
    const second = await open();
    const third = await open();
    expect([first.res.statusCode, second.res.statusCode, third.res.statusCode]).toEqual([200, 200, 429]);
    expect(third.res.headers['retry-after']).toMatch(/^\d+$/);
    third.res.resume();
    first.req.destroy();
    let again = await open();
    for (let i = 0; i < 50 && again.res.statusCode !== 200; i++) {
      again.res.resume();
      await new Promise((r) => setTimeout(r, 20));
      again = await open();
    }
    expect(again.res.statusCode).toBe(200);
    second.req.destroy();
    again.req.destroy();
  });
});
