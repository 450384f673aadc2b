/**
 * The household timeline in one run: expanding a house's 500 repeating events over a year (in process, no
 * HTTP), then requests/second of GET /api/event/?from=&to= (a six-week month view), the house feed and the
 * personal feed side by side with /healthz, with the SQL queries each request makes.
 *
 *   node --conditions=@hearth/source --import tsx bench/timeline.ts     (or: npm run bench:timeline)
 */

import { DateTime } from 'luxon';
import { checkRrule, expandSeries } from '../apps/server/src/modules/events/recurrence.js';
import { seriesOf } from '../apps/server/src/modules/events/service.js';
import { call as apiCall, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';

const PORT = PORTS.timeline;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const CONCURRENCY = 4;
const ROUNDS = 2;
const SERIES = 500;
const ZONE = 'Europe/Berlin';

// Without kept answers: this bench measures the SQL path (bench:speed measures kept answers).
const bench = await startBenchApp({ port: PORT, name: 'timeline', responseCache: false });
const { db, base, issuer } = bench;

const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(base, token, method, path, body);

/** Rules a house uses: weekly on a day or two, every other week, monthly by weekday or day, yearly. */
const RULES = [
  'FREQ=WEEKLY;BYDAY=TU',
  'FREQ=WEEKLY;BYDAY=MO,TH',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=SA',
  'FREQ=MONTHLY;BYDAY=1TH',
  'FREQ=MONTHLY;BYMONTHDAY=15',
  'FREQ=WEEKLY;BYDAY=FR;COUNT=40',
  'FREQ=MONTHLY;BYDAY=-1FR',
  'FREQ=YEARLY',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
  'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1',
];

const token = await issuer.mint('timeline', { expiresIn: '2h' });
const me = await call(token, 'POST', '/api/users/', {
  username: 'timeline',
  first_name: 'Bench',
  last_name: 'Mark',
  email: 'timeline@example.test',
});
const house = await call(token, 'POST', '/api/house/', { house_name: 'Timeline house' });
const houseId = house.house_id as number;
const userId = me.user_id as number;
const stamp = new Date().toISOString();
const yearStart = DateTime.fromISO('2026-01-01T00:00', { zone: ZONE });

try {
  // 500 repeating events at local times through the day, each with a couple of removed occurrences.
  const rows = Array.from({ length: SERIES }, (_, i) => {
    const start = yearStart.plus({ days: i % 28, hours: 7 + (i % 13) });
    const rrule = checkRrule(RULES[i % RULES.length] as string, ZONE);
    const exdates = [start.plus({ weeks: 4 }), start.plus({ weeks: 9 })].map((d) => d.toUTC().toISO());
    return {
      house_id: houseId,
      user_id: userId,
      title: `Series ${i + 1}`,
      description: i % 3 ? null : 'Bring something',
      location: i % 4 ? null : 'Kitchen',
      start_datetime: start.toUTC().toISO() as string,
      end_datetime: start.plus({ hours: 1 }).toUTC().toISO() as string,
      all_day: 0,
      start_date: null,
      end_date: null,
      time_zone: ZONE,
      rrule,
      exdates: JSON.stringify(exdates),
      created_at: stamp,
      updated_at: stamp,
    };
  });
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('events')
      .values(rows.slice(i, i + 100))
      .execute();
  // The personal feed's other parts: 30 tasks of mine, 5 recurring bills, 20 reminders.
  for (let t = 0; t < 30; t++) {
    const due = DateTime.utc().plus({ days: t }).toISO() as string;
    await call(token, 'POST', '/api/task/', { title: `Chore ${t + 1}`, due_at: due, assignee_id: userId });
  }
  await call(token, 'PUT', `/api/house/${houseId}/currency`, { currency: 'EUR' });
  for (let b = 0; b < 5; b++) {
    await call(token, 'POST', '/api/recurring-expense/', {
      title: `Bill ${b + 1}`,
      amount_minor: 1000 * (b + 1),
      paid_by: userId,
      category: 'utilities',
      split: { mode: 'equal', parts: [{ user_id: userId, value: 0 }] },
      repeat: { every: b % 2 ? 'weeks' : 'months', interval: 1, month_day: null },
      starts_on: DateTime.utc()
        .plus({ days: b + 1 })
        .toISODate(),
      ends_on: null,
    });
  }
  for (let r = 0; r < 20; r++) {
    await call(token, 'POST', '/api/reminder/', {
      title: `Reminder ${r + 1}`,
      remind_time: DateTime.utc().plus({ days: r, hours: 1 }).toISO(),
      repeat_interval: ['Daily', 'Weekly', 'Monthly', null][r % 4],
      time_zone: ZONE,
    });
  }
  const link = (await call(token, 'POST', '/api/feed/me/link')).url as string;
  const personalPath = new URL(link).pathname + new URL(link).search;

  // 1. In process: the 500 series over a whole year, best of 5.
  const stored = await db.selectFrom('events').selectAll().where('house_id', '=', houseId).execute();
  const from = new Date('2026-01-01T00:00:00Z');
  const to = new Date('2027-01-01T00:00:00Z');
  let yearMs = Number.POSITIVE_INFINITY;
  let yearCount = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    yearCount = 0;
    for (const row of stored)
      yearCount += expandSeries(seriesOf(row), from, to, Number.MAX_SAFE_INTEGER).length;
    yearMs = Math.min(yearMs, performance.now() - started);
  }

  // 2. Over HTTP, side by side.
  const monthFrom = '2026-10-25T00:00:00.000Z';
  const monthTo = '2026-12-06T00:00:00.000Z';
  const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
  const routes = {
    healthz: ['/healthz', {}],
    range: [`/api/event/?from=${monthFrom}&to=${monthTo}`, auth],
    houseFeed: [`/api/event/house/${houseId}/calendar.ics`, auth],
    personalFeed: [personalPath, { 'accept-encoding': 'identity' }],
  } as const;
  type Route = keyof typeof routes;
  const sizes = {} as Record<Route, { bytes: number; queries: number; items: number }>;
  for (const [name, [path, headers]] of Object.entries(routes) as [Route, (typeof routes)[Route]][]) {
    for (let i = 0; i < 10; i++) await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
    const before = bench.queries();
    const res = await fetch(`${base}${path}`, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
    const items =
      name === 'range' ? (JSON.parse(text) as unknown[]).length : (text.match(/BEGIN:VEVENT/g) ?? []).length;
    sizes[name] = { bytes: Buffer.byteLength(text), queries: bench.queries() - before, items };
  }

  async function measure(path: string, headers: Record<string, string>) {
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        next++;
        const res = await fetch(`${base}${path}`, { headers });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        await res.arrayBuffer();
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return REQUESTS / ((performance.now() - started) / 1000);
  }
  const best = { healthz: 0, range: 0, houseFeed: 0, personalFeed: 0 } as Record<Route, number>;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, [path, headers]] of Object.entries(routes) as [Route, (typeof routes)[Route]][]) {
      best[name] = Math.max(best[name], await measure(path, headers));
    }
  }

  const fmt = (n: number) => n.toFixed(1).padStart(8);
  console.log(
    `Hearth timeline bench: ${SERIES} repeating events in ${ZONE}; best of ${ROUNDS} rounds of ${REQUESTS} requests per route, ${CONCURRENCY} at a time; SQLite file`,
  );
  console.log('');
  console.log(
    `Expanding all ${SERIES} series over 2026 in process: ${yearCount} occurrences in ${yearMs.toFixed(1)} ms (best of 5)`,
  );
  console.log('');
  const line = (label: string, name: Route, what: string) =>
    console.log(
      `${label.padEnd(44)}${fmt(best[name])} req/s   ratio ${(best[name] / best.healthz).toFixed(3)}   ${what}   ${(sizes[name].bytes / 1024).toFixed(0)} KiB   ${sizes[name].queries} SQL queries`,
    );
  console.log(`${'GET /healthz'.padEnd(44)}${fmt(best.healthz)} req/s`);
  line('GET /api/event/?from=&to= (six weeks)', 'range', `${sizes.range.items} occurrences`);
  line('GET house feed (calendar.ics)', 'houseFeed', `${sizes.houseFeed.items} VEVENTs`);
  line('GET personal feed (me.ics)', 'personalFeed', `${sizes.personalFeed.items} VEVENTs`);
} finally {
  await bench.close();
}
