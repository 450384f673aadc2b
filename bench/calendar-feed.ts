/**
 * The house calendar feed under load (issue 3, 'Speed').
 *
 *   node --conditions=@hearth/source --import tsx bench/calendar-feed.ts [--events 5000] [--feeds 60] [--gets 3000]
 *
 * Starts the real app in a child process on a temporary SQLite file, fills one house with 5,000 events,
 * listens on 127.0.0.1:3390 and, in one run, measures requests per second of the whole feed beside a plain
 * GET /api/event/{id} (same server, same client, same concurrency, a fixed number of requests each). It
 * prints their ratio, how many SQL statements one request of each makes (counted through Kysely's log
 * hook), and the server process's heap and RSS before, halfway through and after serving the feeds, with
 * the peak while serving: flat means no per-event objects piling up.
 */

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PORTS } from './support/ports.js';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    events: { type: 'string', default: '5000' },
    feeds: { type: 'string', default: '60' },
    gets: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '4' },
  },
});
const EVENTS = Number(args.events);
const PORT = PORTS.calendar;
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Ready {
  type: 'ready';
  token: string;
  houseId: number;
  eventId: number;
}
interface Memory {
  type: 'memory';
  heap: number;
  rss: number;
  peakHeap: number;
  peakRss: number;
}
interface Queries {
  type: 'queries';
  count: number;
}
type FromServer = Ready | Memory | Queries;
type ToServer = { type: 'memory' } | { type: 'count-start' } | { type: 'count-read' } | { type: 'close' };

if (args.serve) await serve();
else await measure();

/** The server process: the app, its database, a query counter and a memory sampler. */
async function serve() {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  const { default: SQLite } = await import('better-sqlite3');
  const { Kysely, SqliteDialect } = await import('kysely');
  const { buildApp } = await import('../apps/server/src/app.js');
  const { loadConfig } = await import('../apps/server/src/config.js');
  const { StandInIssuer } = await import('../apps/server/src/test/stand-in-issuer.js');
  type Database = import('../apps/server/src/db/tables.js').Database;

  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const send = (message: FromServer) => process.send?.(message);

  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  const file = join(dir, 'bench.db');
  let queries = 0;
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    // Every SQL statement the app runs passes here.
    log: (event) => {
      if (event.level === 'query') queries += 1;
    },
  });

  const issuer = await StandInIssuer.start(`${ORIGIN}/api`);
  const config = loadConfig({
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: ORIGIN,
    OIDC_ISSUER: issuer.url,
    DATABASE_URL: `file:${file}`,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db, logger: false });
  const token = await issuer.mint('bench-user', { expiresIn: '2h' });

  // A member with a house, through the API; then the events straight into the table (setup, not measured).
  const call = async (method: 'GET' | 'POST', url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, number>;
  };
  const user = await call('POST', '/api/users/', {
    username: 'bench',
    first_name: 'Bench',
    last_name: 'Mark',
    email: 'bench@example.test',
  });
  const house = await call('POST', '/api/house/', { house_name: 'Bench House' });
  const houseId = house.house_id as number;
  const first = await call('POST', '/api/event/', {
    title: 'First event',
    start_datetime: '2026-01-01T09:00:00Z',
    end_datetime: '2026-01-01T10:00:00Z',
    house_id: houseId,
  });
  const now = new Date().toISOString();
  const rows = Array.from({ length: EVENTS - 1 }, (_, i) => {
    const start = new Date(Date.UTC(2026, 0, 1) + i * 3 * 3600_000);
    const allDay = i % 7 === 0;
    const date = start.toISOString().slice(0, 10);
    return {
      house_id: houseId,
      user_id: user.user_id as number,
      title: `Event ${i + 2}: ${['Bins', 'Rent', 'Dinner', 'Cleaning', 'Party'][i % 5]}`,
      description:
        i % 3 === 0 ? `Notes for event ${i + 2}, with a comma; and a longer line of text to fold.` : null,
      location: i % 4 === 0 ? 'Kitchen' : null,
      start_datetime: allDay ? `${date}T00:00:00.000Z` : start.toISOString(),
      end_datetime: allDay ? `${date}T23:59:00.000Z` : new Date(start.getTime() + 3600_000).toISOString(),
      all_day: allDay ? 1 : 0,
      start_date: allDay ? date : null,
      end_date: allDay ? date : null,
      time_zone: 'UTC',
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('events')
      .values(rows.slice(i, i + 500))
      .execute();

  let peakHeap = 0;
  let peakRss = 0;
  setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 2).unref();

  process.on('message', async (message: ToServer) => {
    if (message.type === 'memory') {
      gc();
      const m = process.memoryUsage();
      send({ type: 'memory', heap: m.heapUsed, rss: m.rss, peakHeap, peakRss });
      peakHeap = m.heapUsed;
      peakRss = m.rss;
    } else if (message.type === 'count-start') {
      queries = 0;
      send({ type: 'queries', count: 0 });
    } else if (message.type === 'count-read') {
      send({ type: 'queries', count: queries });
    } else if (message.type === 'close') {
      await app.close();
      await issuer.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    } else {
      console.error('unknown message', message);
    }
  });

  await app.listen({ port: PORT, host: '127.0.0.1' });
  send({ type: 'ready', token, houseId, eventId: first.event_id as number });
}

/** The client process: drives the server and prints the results. */
async function measure() {
  const FEEDS = Number(args.feeds);
  const GETS = Number(args.gets);
  const CONCURRENCY = Number(args.concurrency);
  const server = fork(fileURLToPath(import.meta.url), ['--serve', '--events', String(EVENTS)], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: ((message: FromServer) => void)[] = [];
  server.on('message', (message: FromServer) => replies.shift()?.(message));
  const next = <T extends FromServer>() => new Promise<T>((resolve) => replies.push((m) => resolve(m as T)));
  const ask = <T extends FromServer>(message: ToServer) => {
    const reply = next<T>();
    server.send(message);
    return reply;
  };

  const ready = await next<Ready>();
  const auth = { authorization: `Bearer ${ready.token}` };
  const feedPath = `/api/event/house/${ready.houseId}/calendar.ics`;
  const eventPath = `/api/event/${ready.eventId}`;

  /** `total` requests, `concurrency` at a time; answers are read in full and checked. */
  async function load(path: string, total: number, concurrency: number) {
    let started = 0;
    let bytes = 0;
    const t0 = performance.now();
    const worker = async () => {
      while (started < total) {
        started += 1;
        const res = await fetch(`${ORIGIN}${path}`, { headers: auth });
        const body = await res.arrayBuffer();
        if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
        bytes += body.byteLength;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - t0) / 1000;
    if (bytes === 0) throw new Error(`GET ${path} answered nothing`);
    return { total, seconds, rps: total / seconds };
  }

  // How many statements one request of each makes.
  await ask({ type: 'count-start' });
  const feedText = await (await fetch(`${ORIGIN}${feedPath}`, { headers: auth })).text();
  const feedQueries = (await ask<Queries>({ type: 'count-read' })).count;
  await ask({ type: 'count-start' });
  await (await fetch(`${ORIGIN}${eventPath}`, { headers: auth })).text();
  const getQueries = (await ask<Queries>({ type: 'count-read' })).count;
  const vevents = feedText.split('BEGIN:VEVENT').length - 1;
  if (vevents !== EVENTS) throw new Error(`the feed has ${vevents} events, expected ${EVENTS}`);

  // Warm both paths up, then measure them one after the other on the same server.
  await load(feedPath, 6, CONCURRENCY);
  await load(eventPath, 300, CONCURRENCY);

  const before = await ask<Memory>({ type: 'memory' });
  const firstHalf = await load(feedPath, Math.floor(FEEDS / 2), CONCURRENCY);
  const half = await ask<Memory>({ type: 'memory' });
  const secondHalf = await load(feedPath, FEEDS - firstHalf.total, CONCURRENCY);
  const after = await ask<Memory>({ type: 'memory' });
  const feed = {
    total: FEEDS,
    seconds: firstHalf.seconds + secondHalf.seconds,
    rps: FEEDS / (firstHalf.seconds + secondHalf.seconds),
  };
  const get = await load(eventPath, GETS, CONCURRENCY);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.send({ type: 'close' } satisfies ToServer);
  await exited;

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${((b / a - 1) * 100).toFixed(1)}%`;
  const feedBytes = Buffer.byteLength(feedText);
  console.log(
    `Hearth calendar feed benchmark: SQLite file, Node ${process.version}, ${CONCURRENCY} concurrent clients`,
  );
  console.log(`one house, ${EVENTS} events: the feed is ${mb(feedBytes)} of iCalendar, ${vevents} VEVENTs`);
  console.log('');
  console.log('request               count   seconds     req/s');
  console.log(
    `GET feed (.ics)    ${String(feed.total).padStart(8)} ${feed.seconds.toFixed(2).padStart(9)} ${feed.rps.toFixed(1).padStart(9)}`,
  );
  console.log(
    `GET /api/event/:id ${String(get.total).padStart(8)} ${get.seconds.toFixed(2).padStart(9)} ${get.rps.toFixed(1).padStart(9)}`,
  );
  console.log('');
  console.log(`ratio req/s  event : feed = ${(get.rps / feed.rps).toFixed(0)} : 1`);
  console.log(`ratio events/s  feed : one-by-one GETs = ${((feed.rps * EVENTS) / get.rps).toFixed(1)} : 1`);
  console.log(`SQL statements per request: feed ${feedQueries}, GET /api/event/:id ${getQueries}`);
  console.log('');
  console.log(`server process memory after GC, around ${FEEDS} feed requests:`);
  console.log(
    `  heap  before ${mb(before.heap)}  half ${mb(half.heap)}  after ${mb(after.heap)}  (${pct(before.heap, after.heap)})`,
  );
  console.log(
    `  rss   before ${mb(before.rss)}  half ${mb(half.rss)}  after ${mb(after.rss)}  (${pct(before.rss, after.rss)})`,
  );
  const peakHeap = Math.max(half.peakHeap, after.peakHeap);
  console.log(
    `  peak heap while serving (short-lived garbage included): +${mb(peakHeap - before.heap)}, ${((peakHeap - before.heap) / feedBytes / CONCURRENCY).toFixed(1)}x a feed's size per feed in flight`,
  );
}
