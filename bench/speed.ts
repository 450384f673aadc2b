/**
 * Speed of the reads clients poll, measured side by side in one run with wrk (c=50 unless said), so the
 * ratios hold on any machine:
 *   - GET /api/grocery-list/ (5 lists x 30 items) beside a bare Fastify hello route started here (goal
 *     >= 40%), and with `Accept-Encoding: br, gzip` (>= 30%); the same read without kept answers
 *   - GET /api/users/me and a 304 of the list read beside /healthz (goal for the 304: >= 1.0x, also taken
 *     round by round and as CPU time per request); /healthz with and without request logs
 *   - the house feed of 2,000 events beside Radicale (Debian package `radicale`) serving the same events,
 *     at c=1 and c=4 (goal >= 15x), and beside the feed made anew every time (goal >= 2x)
 *   - live sync: 200 open streams; how long until a change made by one member is on every other
 *     stream's screen (the change event, then the list read again): p95 (goal < 1 s)
 *   - the list read and the feed with 100,000 houses in the database beside 100 houses (goal within 1.3x)
 *
 *   node --conditions=@hearth/source --import tsx bench/speed.ts     (or: npm run bench:speed)
 *   SPEED_SECONDS=5 (per wrk run), SPEED_ONLY=reads,feed,live,scale (parts to run)
 *
 * Needs wrk and radicale: apt-get install -y wrk radicale
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pino from 'pino';
import { type BenchApp, call, memberWithHouse, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';
import { requireTool, type WrkResult, wrk } from './support/wrk.js';

requireTool('wrk', 'wrk');
const SECONDS = Number(process.env.SPEED_SECONDS ?? 5);
const ONLY = new Set((process.env.SPEED_ONLY ?? 'reads,feed,live,scale').split(','));
const FEED_EVENTS = 2000;
/** Pairs of runs the 304's ratio to /healthz is the median of. */
const PAIRS = 6;
const port = {
  hearth: PORTS.speed,
  hello: PORTS.speed + 1,
  radicale: PORTS.speed + 2,
  uncached: PORTS.speed + 3,
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'BELOW GOAL');

type Route = { url: string; headers?: Record<string, string>; connections?: number; seconds?: number };

/** A wrk run, and the CPU time this process (every server the bench starts) spent per request in it. */
type Measured = WrkResult & { cpuUsPerRequest: number };

/**
 * Each URL once per round, rounds taking turns; each keeps its best round (a busy moment hits all alike).
 * `rounds` has every round's results, for ratios of two routes measured back to back.
 */
async function measure(
  routes: Record<string, Route>,
  roundCount = 2,
): Promise<{ best: Record<string, Measured>; rounds: Record<string, Measured>[] }> {
  const best: Record<string, Measured> = {};
  const rounds: Record<string, Measured>[] = [];
  for (let r = 0; r < roundCount; r++) {
    const round: Record<string, Measured> = {};
    for (const [name, route] of Object.entries(routes)) {
      // The servers run in this process (wrk in its own), and only the one asked is busy meanwhile.
      const result = await once(name, route);
      round[name] = result;
      if (!best[name] || result.rps > best[name].rps) best[name] = result;
    }
    rounds.push(round);
  }
  return { best, rounds };
}

/** One wrk run of a route, with the CPU time this process spent per request in it. */
async function once(name: string, route: Route): Promise<Measured> {
  const cpu = process.cpuUsage();
  const run = await wrk(route.url, {
    seconds: route.seconds ?? SECONDS,
    connections: route.connections ?? 50,
    headers: route.headers ?? {},
  });
  const { user, system } = process.cpuUsage(cpu);
  if (run.errors > 0) throw new Error(`${name}: ${run.errors} failed answers`);
  if (!(run.rps > 0)) throw new Error(`${name}: no request finished; run longer (SPEED_SECONDS)`);
  return { ...run, cpuUsPerRequest: (user + system) / run.requests };
}

/** `count` pairs of runs of `a` and `b` back to back, every other pair with `b` first: [a, b] each. */
async function pairs(a: Route, b: Route, count: number): Promise<[Measured, Measured][]> {
  const out: [Measured, Measured][] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      const first = await once(a.url, a);
      out.push([first, await once(b.url, b)]);
    } else {
      const second = await once(b.url, b);
      out.push([await once(a.url, a), second]);
    }
  }
  return out;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

function table(results: Record<string, Measured>) {
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `  ${name.padEnd(34)} ${fmt(r.rps).padStart(8)} req/s   p50 ${r.p50ms.toFixed(2)} ms   p99 ${r.p99ms.toFixed(2)} ms   CPU ${r.cpuUsPerRequest.toFixed(1)} us/req`,
    );
  }
}

/** Lists of items straight into the tables (set-up, not measured). */
function addLists(bench: BenchApp, houseId: number, userId: number, lists: number, items: number) {
  const now = new Date().toISOString();
  const list = bench.sqlite.prepare(
    'insert into grocery_lists (house_id, grocery_list_name, created_by, created_at) values (?, ?, ?, ?)',
  );
  const item = bench.sqlite.prepare(
    `insert into grocery_items (grocery_list_id, grocery_item_name, completed, created_by, created_at, quantity, category, name_key)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  bench.sqlite.transaction(() => {
    for (let l = 0; l < lists; l++) {
      const id = Number(list.run(houseId, `List ${l + 1}`, userId, now).lastInsertRowid);
      for (let i = 0; i < items; i++) {
        const name = `Item ${i + 1} of list ${l + 1}`;
        item.run(
          id,
          name,
          i % 3 === 0 ? 1 : 0,
          userId,
          now,
          i % 4 === 0 ? '2' : null,
          'produce',
          name.toLowerCase(),
        );
      }
    }
  })();
}

function addEvents(bench: BenchApp, houseId: number, userId: number, count: number) {
  const now = new Date().toISOString();
  const insert = bench.sqlite.prepare(
    `insert into events (house_id, user_id, title, description, location, start_datetime, end_datetime, all_day,
       start_date, end_date, time_zone, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'UTC', ?, ?)`,
  );
  bench.sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const start = new Date(Date.UTC(2026, 0, 1) + i * 3 * 3600_000);
      const allDay = i % 7 === 0;
      const date = start.toISOString().slice(0, 10);
      insert.run(
        houseId,
        userId,
        `Event ${i + 1}: ${['Bins', 'Rent', 'Dinner', 'Cleaning', 'Party'][i % 5]}`,
        i % 3 === 0 ? `Notes for event ${i + 1}, with a comma; and a longer line of text to fold.` : null,
        i % 4 === 0 ? 'Kitchen' : null,
        allDay ? `${date}T00:00:00.000Z` : start.toISOString(),
        allDay ? `${date}T23:59:00.000Z` : new Date(start.getTime() + 3600_000).toISOString(),
        allDay ? 1 : 0,
        allDay ? date : null,
        allDay ? date : null,
        now,
        now,
      );
    }
  })();
}

/** Radicale on a collection holding the same events as the Hearth feed (each VEVENT its own item). */
async function startRadicale(feed: string): Promise<{ url: string; stop(): Promise<void> }> {
  requireTool('radicale', 'radicale');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-radicale-'));
  const collection = join(dir, 'collections', 'collection-root', 'bench', 'calendar');
  mkdirSync(collection, { recursive: true });
  writeFileSync(join(collection, '.Radicale.props'), JSON.stringify({ tag: 'VCALENDAR' }));
  const unfolded = feed.replace(/\r\n[ \t]/g, '');
  const timezones = unfolded.match(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/g) ?? [];
  const events = unfolded.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT\r\n/g) ?? [];
  events.forEach((event, i) => {
    const body = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n${timezones.join('')}${event}END:VCALENDAR\r\n`;
    writeFileSync(join(collection, `event-${i}.ics`), body);
  });
  const config = join(dir, 'config');
  writeFileSync(
    config,
    `[server]\nhosts = 127.0.0.1:${port.radicale}\n[auth]\ntype = none\n[rights]\ntype = authenticated\n` +
      `[storage]\nfilesystem_folder = ${join(dir, 'collections')}\n[logging]\nlevel = error\n[web]\ntype = none\n`,
  );
  const child: ChildProcess = spawn('radicale', ['--config', config], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port.radicale}/bench/calendar/`;
  const auth = { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}` };
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(url, { headers: auth });
      if (res.ok) {
        const text = await res.text();
        const served = text.match(/BEGIN:VEVENT/g)?.length ?? 0;
        if (served !== events.length) throw new Error(`Radicale serves ${served} of ${events.length} events`);
        console.log(`  Radicale ${'serves'} ${served} events, ${fmt(text.length / 1024)} KB`);
        return {
          url,
          stop: async () => {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill();
            await exited;
            rmSync(dir, { recursive: true, force: true });
          },
        };
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('Radicale serves')) throw err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('Radicale did not start');
}

/** A bare Fastify app: the ceiling any Fastify route can reach on this machine. */
async function startHello() {
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: port.hello, host: '127.0.0.1' });
  return hello;
}

// ---------------------------------------------------------------------------------------------------------

const logFile = pino.destination({ dest: '/dev/null', sync: false });
// Without counting SQL statements (it costs a little on each): this bench measures the app as deployed.
const hearth = await startBenchApp({
  port: port.hearth,
  name: 'speed',
  logStream: logFile,
  countQueries: false,
});
const hello = await startHello();
const lister = await memberWithHouse(hearth, 'speed-lists');
addLists(hearth, lister.houseId, lister.userId, 5, 30);
const feeder = await memberWithHouse(hearth, 'speed-feed');
addEvents(hearth, feeder.houseId, feeder.userId, FEED_EVENTS);
// The same database without kept answers (and without request logs), for the path made anew each time.
const uncached = await startBenchApp({
  port: port.uncached,
  name: 'speed',
  file: hearth.file,
  issuer: hearth.issuer,
  responseCache: false,
  countQueries: false,
});
const results: Record<string, string> = {};

const listPath = '/api/grocery-list/';
const feedPath = `/api/event/house/${feeder.houseId}/calendar.ics`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

try {
  const sample = await fetch(`${hearth.base}${listPath}`, { headers: auth(lister.token) });
  const body = await sample.text();
  const lists = JSON.parse(body) as { items: unknown[] }[];
  console.log(
    `list read: ${lists.length} lists, ${lists.reduce((n, l) => n + l.items.length, 0)} items, ${fmt(body.length / 1024)} KB; ETag ${sample.headers.get('etag')}`,
  );
  const etag = sample.headers.get('etag') as string;
  const notModified = await fetch(`${hearth.base}${listPath}`, {
    headers: { ...auth(lister.token), 'if-none-match': etag },
  });
  if (notModified.status !== 304) throw new Error(`expected a 304, got ${notModified.status}`);

  if (ONLY.has('reads')) {
    console.log(`\nreads (wrk -c50, ${SECONDS} s, best of 2 rounds)`);
    const { best: r, rounds } = await measure({
      'bare Fastify hello': { url: `http://127.0.0.1:${port.hello}/` },
      '/healthz': { url: `${hearth.base}/healthz` },
      // Right after /healthz: their ratio is also taken round by round.
      'list read, 304': {
        url: `${hearth.base}${listPath}`,
        headers: { ...auth(lister.token), 'if-none-match': etag },
      },
      '/healthz, no request logs': { url: `${uncached.base}/healthz` },
      '/api/users/me': { url: `${hearth.base}/api/users/me`, headers: auth(lister.token) },
      'list read': { url: `${hearth.base}${listPath}`, headers: auth(lister.token) },
      'list read, br/gzip accepted': {
        url: `${hearth.base}${listPath}`,
        headers: { ...auth(lister.token), 'accept-encoding': 'br, gzip' },
      },
      'list read, no kept answers': { url: `${uncached.base}${listPath}`, headers: auth(lister.token) },
      'list read, no kept answers, br/gzip': {
        url: `${uncached.base}${listPath}`,
        headers: { ...auth(lister.token), 'accept-encoding': 'br, gzip' },
      },
    });
    table(r);
    const hi = r['bare Fastify hello']!.rps;
    const list = r['list read']!.rps;
    const listBr = r['list read, br/gzip accepted']!.rps;
    results['list read / hello'] = `${pct(list, hi)} (goal >= 40%) ${verdict(list / hi >= 0.4)}`;
    results['list read br,gzip / hello'] = `${pct(listBr, hi)} (goal >= 30%) ${verdict(listBr / hi >= 0.3)}`;
    results['list read / without kept answers'] = ratio(list, r['list read, no kept answers']!.rps);
    results['/api/users/me / healthz'] = pct(r['/api/users/me']!.rps, r['/healthz']!.rps);
    // Best rounds, and round by round (the two ran back to back, so a busy moment hits both alike).
    const notModified = r['list read, 304']!.rps / r['/healthz']!.rps;
    const byRound = rounds.map((round) => ratio(round['list read, 304']!.rps, round['/healthz']!.rps));
    results['304 / healthz, best rounds'] = `${notModified.toFixed(2)}x, by round ${byRound.join(' ')}`;
    // The goal's figure: the two taken in pairs, right after each other and each pair in the other order
    // (whichever runs second finds the machine warmer), the median of the pairs' ratios; also as CPU time
    // per request (healthz's over the 304's, so that above 1 is better here too).
    const paired = await pairs(
      { url: `${hearth.base}${listPath}`, headers: { ...auth(lister.token), 'if-none-match': etag } },
      { url: `${hearth.base}/healthz` },
      PAIRS,
    );
    const rpsRatio = median(paired.map(([a, b]) => a.rps / b.rps));
    const cpuRatio = median(paired.map(([a, b]) => b.cpuUsPerRequest / a.cpuUsPerRequest));
    results['304 / healthz'] =
      `${rpsRatio.toFixed(2)}x, median of ${PAIRS} pairs (${paired.map(([a, b]) => ratio(a.rps, b.rps)).join(' ')}) (goal >= 1.00x) ${verdict(rpsRatio >= 1)}`;
    results['304 / healthz, by CPU per request'] =
      `${cpuRatio.toFixed(2)}x, median (${paired.map(([a, b]) => ratio(b.cpuUsPerRequest, a.cpuUsPerRequest)).join(' ')})`;
    results['healthz with logs / without'] = pct(r['/healthz']!.rps, r['/healthz, no request logs']!.rps);
  }

  if (ONLY.has('feed')) {
    const feedText = await (await fetch(`${hearth.base}${feedPath}`, { headers: auth(feeder.token) })).text();
    console.log(
      `\nthe house feed: ${feedText.match(/BEGIN:VEVENT/g)?.length} events, ${fmt(feedText.length / 1024)} KB`,
    );
    const radicale = await startRadicale(feedText);
    try {
      const basic = { authorization: `Basic ${Buffer.from('bench:bench').toString('base64')}` };
      const routes: Parameters<typeof measure>[0] = {};
      for (const c of [1, 4]) {
        routes[`feed c=${c}`] = {
          url: `${hearth.base}${feedPath}`,
          headers: auth(feeder.token),
          connections: c,
        };
        routes[`feed made anew c=${c}`] = {
          url: `${uncached.base}${feedPath}`,
          headers: auth(feeder.token),
          connections: c,
          seconds: SECONDS * 3,
        };
        // Slow references run longer, so that they finish enough requests to count.
        routes[`Radicale c=${c}`] = {
          url: radicale.url,
          headers: basic,
          connections: c,
          seconds: SECONDS * 3,
        };
      }
      const { best: r } = await measure(routes);
      table(r);
      for (const c of [1, 4]) {
        const feed = r[`feed c=${c}`]!.rps;
        const vsRadicale = feed / r[`Radicale c=${c}`]!.rps;
        results[`feed / Radicale c=${c}`] =
          `${vsRadicale.toFixed(1)}x (goal >= 15x) ${verdict(vsRadicale >= 15)}`;
        const vsAnew = feed / r[`feed made anew c=${c}`]!.rps;
        results[`feed / made anew c=${c}`] = `${vsAnew.toFixed(1)}x (goal >= 2x) ${verdict(vsAnew >= 2)}`;
      }
    } finally {
      await radicale.stop();
    }
  }

  if (ONLY.has('live')) {
    results['live sync p95, 200 streams'] = await liveSync();
  }

  if (ONLY.has('scale')) {
    await scale();
  }
} finally {
  await uncached.close();
  await hearth.close();
  await hello.close();
}

console.log('\nratios');
for (const [name, value] of Object.entries(results)) console.log(`  ${name.padEnd(36)} ${value}`);

/**
 * 200 streams of 50 members (4 tabs each) of one house, held by a separate process (support/live-screens.ts);
 * one more member adds 20 items, one every 250 ms. For each stream: from the moment the write is sent until
 * that screen has had the change event and has read the list again with the new item in it.
 */
async function liveSync(): Promise<string> {
  const STREAMS = 200;
  const MEMBERS = 50;
  const WRITES = 20;
  console.log(`\nlive sync: ${STREAMS} open streams (in another process), ${WRITES} changes`);
  const writer = await memberWithHouse(hearth, 'speed-live');
  const now = new Date().toISOString();
  const insert = hearth.sqlite.prepare(
    `insert into users (issuer, subject, username, username_key, first_name, last_name, email, house_id, joined_at, created_at, updated_at)
     values (?, ?, ?, ?, 'Live', 'Member', ?, ?, ?, ?, ?)`,
  );
  const tokens: string[] = [];
  for (let m = 0; m < MEMBERS; m++) {
    const subject = `speed-live-${m}`;
    insert.run(
      hearth.issuer.url,
      subject,
      subject,
      subject,
      `${subject}@example.test`,
      writer.houseId,
      now,
      now,
      now,
    );
    tokens.push(await hearth.token(subject));
  }
  const list = await call<{ grocery_list_id: number }>(
    hearth.base,
    writer.token,
    'POST',
    '/api/grocery-list/',
    {
      grocery_list_name: 'Live',
    },
  );
  const screens = fork(fileURLToPath(new URL('./support/live-screens.ts', import.meta.url)), {
    execArgv: ['--conditions=@hearth/source', '--import', 'tsx'],
  });
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (m.type !== type) return;
        screens.off('message', on);
        resolve(m);
      };
      screens.on('message', on);
    });
  const ready = next('ready');
  screens.send({
    type: 'open',
    base: hearth.base,
    listPath,
    tokens: Array.from({ length: STREAMS }, (_, s) => tokens[s % MEMBERS]),
  });
  await ready;
  const sent = new Map<number, number>();
  for (let i = 0; i < WRITES; i++) {
    const at = performance.timeOrigin + performance.now();
    const item = await call<{ grocery_item_id: number }>(
      hearth.base,
      writer.token,
      'POST',
      '/api/grocery-item/',
      {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: `Live ${i}`,
      },
    );
    sent.set(item.grocery_item_id, at);
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const report = next('report');
  screens.send({ type: 'report' });
  const { seen, failures } = (await report) as unknown as {
    seen: [number, number, number][];
    failures: string[];
  };
  screens.kill();
  const shown: number[] = [];
  const events: number[] = [];
  for (const [id, eventAt, shownAt] of seen) {
    const at = sent.get(id);
    if (at === undefined) continue;
    events.push(eventAt - at);
    shown.push(shownAt - at);
  }
  const q = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
  console.log(
    `  ${shown.length} of ${STREAMS * WRITES} screens updated; p50 ${q(shown, 0.5).toFixed(0)} ms, p95 ${q(shown, 0.95).toFixed(0)} ms, max ${q(shown, 1).toFixed(0)} ms`,
  );
  console.log(
    `  change events alone: p50 ${q(events, 0.5).toFixed(0)} ms, p95 ${q(events, 0.95).toFixed(0)} ms`,
  );
  if (failures.length > 0) console.log(`  ${failures.length} failures, e.g. ${failures[0]}`);
  const complete = shown.length === STREAMS * WRITES && failures.length === 0;
  return `${q(shown, 0.95).toFixed(0)} ms (goal < 1000 ms) ${verdict(complete && q(shown, 0.95) < 1000)}`;
}

/**
 * The list read and the feed (kept and made anew) with 100 houses, then with 100,000: each house gets a
 * member, a list of 10 items and 10 events by bulk SQL.
 */
async function scale() {
  console.log('\nscale: 100 houses, then 100,000');
  const addHouses = (from: number, to: number) => {
    const started = performance.now();
    const now = new Date().toISOString();
    hearth.sqlite.exec(`
      with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to})
      insert into houses (house_name, house_code, created_by, created_at) select 'Scale house ' || i, 'SC' || i, 0, '${now}' from n;
      insert into users (issuer, subject, username, username_key, first_name, last_name, email, house_id, created_at, updated_at)
        select 'scale', 'scale-' || house_id, 'scale-' || house_id, 'scale-' || house_id, 'Scale', 'Member',
          'scale@example.test', house_id, '${now}', '${now}' from houses where house_code like 'SC%' and house_id not in (select house_id from users where issuer = 'scale');
      insert into grocery_lists (house_id, grocery_list_name, created_at)
        select house_id, 'Scale list', '${now}' from houses where house_code like 'SC%' and house_id not in (select house_id from grocery_lists);
      with recursive k(j) as (select 1 union all select j + 1 from k where j < 10)
      insert into grocery_items (grocery_list_id, grocery_item_name, created_at, name_key)
        select l.grocery_list_id, 'Scale item ' || k.j, '${now}', 'scale item ' || k.j
        from grocery_lists l cross join k where l.grocery_list_name = 'Scale list' and not exists (select 1 from grocery_items g where g.grocery_list_id = l.grocery_list_id);
      with recursive k(j) as (select 1 union all select j + 1 from k where j < 10)
      insert into events (house_id, user_id, title, start_datetime, end_datetime, all_day, time_zone, created_at, updated_at)
        select u.house_id, u.user_id, 'Scale event ' || k.j, '2026-03-0' || (k.j % 9 + 1) || 'T10:00:00.000Z',
          '2026-03-0' || (k.j % 9 + 1) || 'T11:00:00.000Z', 0, 'UTC', '${now}', '${now}'
        from users u cross join k where u.issuer = 'scale' and not exists (select 1 from events e where e.house_id = u.house_id);
    `);
    hearth.sqlite.exec('analyze');
    const houses = (hearth.sqlite.prepare('select count(*) as n from houses').get() as { n: number }).n;
    console.log(
      `  ${fmt(houses)} houses in the database (added in ${((performance.now() - started) / 1000) | 0} s)`,
    );
  };
  const routes = () => ({
    'list read': { url: `${hearth.base}${listPath}`, headers: auth(lister.token) },
    'list read, made anew': { url: `${uncached.base}${listPath}`, headers: auth(lister.token) },
    'feed c=4': { url: `${hearth.base}${feedPath}`, headers: auth(feeder.token), connections: 4 },
    'feed made anew c=4': { url: `${uncached.base}${feedPath}`, headers: auth(feeder.token), connections: 4 },
  });
  addHouses(1, 100 - 4);
  const { best: small } = await measure(routes());
  table(small);
  addHouses(100 - 3, 100_000);
  const { best: big } = await measure(routes());
  table(big);
  for (const name of Object.keys(small)) {
    const slower = small[name]!.rps / big[name]!.rps;
    results[`${name}: 100 houses / 100,000`] =
      `${slower.toFixed(2)}x (goal <= 1.3x) ${verdict(slower <= 1.3)}`;
  }
}
