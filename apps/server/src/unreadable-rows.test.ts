import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from './test/test-app.js';
import { testEngine } from './test/test-db.js';

/*
 * Rows written behind the API's back (an old import, a hand edit) with values the API refuses: every read
 * that parses them leaves them out and answers 200 for everyone else's data, and says so in the log once.
 */

/** Everything the app's own logger printed, one JSON line each. */
class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

describe(`reads skip stored values they cannot use (${testEngine})`, () => {
  let t: TestApp;
  const log = new LogCapture();
  let houseId = 0;
  const bad: { events: number[]; bills: number[] } = { events: [], bills: [] };
  const range = 'from=2026-05-01T00:00:00Z&to=2026-07-01T00:00:00Z';

  beforeAll(async () => {
    t = await startTestApp({ env: { LOG_LEVEL: 'warn' }, build: { logger: undefined, logStream: log } });
    const ana = await memberOfNewHouse(t, 'ana');
    houseId = ana.house.house_id;
    const ben = await housemateOf(t, 'ben', ana.house.house_code);
    const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 201) =>
      expect((await res).statusCode, (await res).body).toBe(status);
    await ok(
      ana.client.post('/api/event/', {
        title: 'Good event',
        start_datetime: '2026-05-04T18:00:00.000Z',
        end_datetime: '2026-05-04T19:00:00.000Z',
        time_zone: 'Europe/Oslo',
        rrule: 'FREQ=WEEKLY;COUNT=3',
        house_id: houseId,
      }),
    );
    await ok(ana.client.put(`/api/house/${houseId}/currency`, { currency: 'EUR' }), 200);
    await ok(
      ana.client.post('/api/recurring-expense/', {
        title: 'Good bill',
        amount_minor: 1000,
        paid_by: ana.user.user_id,
        category: 'rent',
        split: { mode: 'equal', parts: [{ user_id: ben.user.user_id, value: 0 }] },
        repeat: { every: 'months', interval: 1, month_day: 15 },
        starts_on: '2026-06-15',
        ends_on: null,
      }),
    );

    const db = t.testDb.db;
    const now = '2026-03-01T09:00:00.000Z';
    const event = {
      house_id: houseId,
      user_id: ana.user.user_id,
      description: null,
      location: null,
      start_datetime: '2026-05-05T18:00:00.000Z',
      end_datetime: '2026-05-05T19:00:00.000Z',
      all_day: 0,
      start_date: null,
      end_date: null,
      time_zone: 'UTC',
      created_at: now,
      updated_at: now,
    };
    for (const values of [
      { ...event, title: 'Bad start', start_datetime: '2026-99-99T10:00:00.000Z' },
      { ...event, title: 'Bad zone', time_zone: 'Mars/Base', rrule: 'FREQ=WEEKLY' },
      { ...event, title: 'Bad rule', rrule: 'FREQ=SOMETIMES' },
      { ...event, title: 'Bad day', all_day: 1, start_date: '2026-02-30', end_date: '2026-02-30' },
    ]) {
      const row = await db
        .insertInto('events')
        .values(values)
        .returning('event_id')
        .executeTakeFirstOrThrow();
      bad.events.push(row.event_id);
    }
    const bill = {
      house_id: houseId,
      amount_minor: 500,
      currency: 'EUR',
      paid_by: ana.user.user_id,
      category: 'utilities',
      split_mode: 'equal',
      split_parts: JSON.stringify([{ user_id: ana.user.user_id, value: 0 }]),
      repeat_every: 'months',
      repeat_interval: 1,
      repeat_month_day: 10,
      starts_on: '2026-06-10',
      ends_on: null,
      next_on: null,
      created_by: ana.user.user_id,
      created_at: now,
    };
    for (const values of [
      { ...bill, title: 'Bad day 99', repeat_month_day: 99 },
      { ...bill, title: 'Bad start day', starts_on: '2026-02-30' },
      { ...bill, title: 'Bad split', split_parts: '{not json' },
    ]) {
      const row = await db
        .insertInto('recurring_expenses')
        .values(values)
        .returning('recurring_id')
        .executeTakeFirstOrThrow();
      bad.bills.push(row.recurring_id);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const badTitles = ['Bad start', 'Bad zone', 'Bad rule', 'Bad day'];

  it('lists the house events without them', async () => {
    const res = await t.as('ana').get(`/api/event/?${range}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((o: { title: string }) => o.title)).toEqual([
      'Good event',
      'Good event',
      'Good event',
    ]);
  });

  it('serves the house feed without them', async () => {
    const res = await t.as('ben').get(`/api/event/house/${houseId}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('SUMMARY:Good event');
    for (const title of badTitles) expect(res.body).not.toContain(title);
  });

  it("serves every member's personal feed without them", async () => {
    for (const who of ['ana', 'ben']) {
      const link = await t.as(who).post('/api/feed/me/link');
      expect(link.statusCode, link.body).toBe(200);
      const url = new URL(link.json().url);
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('SUMMARY:Good event');
      expect(res.body).toContain('Bill due: Good bill');
      for (const title of [...badTitles, 'Bad day 99', 'Bad start day']) {
        expect(res.body).not.toContain(title);
      }
    }
  });

  it('lists recurring bills, and the calendar bills layer, without them', async () => {
    const res = await t.as('ana').get('/api/recurring-expense/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: { title: string }) => r.title)).toEqual(['Good bill']);
    const layers = await t.as('ben').get(`/api/event/layers?${range}`);
    expect(layers.statusCode, layers.body).toBe(200);
    // The layer reads a bill's dates, not its split.
    expect(layers.json().bills.map((b: { title: string }) => b.title)).toEqual(['Bad split', 'Good bill']);
  });

  it('warns once per row, however often it is read', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.as('ana').get(`/api/event/?${range}`)).statusCode).toBe(200);
      expect((await t.as('ana').get('/api/recurring-expense/')).statusCode).toBe(200);
    }
    const warnings = log.lines
      .map((line) => JSON.parse(line) as { msg: string; event_id?: number; recurring_bill_id?: number })
      .filter((l) => l.msg.startsWith('skipped a stored'));
    const events = warnings.filter((w) => w.event_id !== undefined).map((w) => w.event_id);
    const bills = warnings.filter((w) => w.recurring_bill_id !== undefined).map((w) => w.recurring_bill_id);
    expect(events.sort()).toEqual([...bad.events].sort());
    expect(bills.sort()).toEqual([...bad.bills].sort());
  });

  it('still lets a member remove such a row', async () => {
    const [eventId] = bad.events;
    // The bill whose split does not even parse.
    const billId = bad.bills[2];
    expect((await t.as('ana').delete(`/api/event/${eventId}`)).statusCode).toBe(200);
    expect((await t.as('ana').delete(`/api/recurring-expense/${billId}`)).statusCode).toBe(200);
  });
});
