/**
 * 10,000 reminders due in the same minute (2,000 people with 5 each; every person has one push device and
 * email on), delivered by the notification scheduler to a local SMTP server and a local Web Push endpoint
 * that decrypts every message: time from the due minute to the last delivery, on SQLite and, with
 * TEST_DATABASE_URL, on a fresh PostgreSQL database. One scheduler instance, in process.
 *
 *   node --conditions=@hearth/source --import tsx bench/notifications.ts   (or: npm run bench:notifications)
 */

import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseEngine } from '../apps/server/src/config.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { LiveHub } from '../apps/server/src/core/live.js';
import type { Membership } from '../apps/server/src/core/membership.js';
import { createDb, type Db } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { NotificationsRepository } from '../apps/server/src/modules/notifications/repository.js';
import { Scheduler } from '../apps/server/src/modules/notifications/scheduler.js';
import { NotificationsService } from '../apps/server/src/modules/notifications/service.js';
import { scratchDatabase } from './support/scratch-database.js';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2000);
const PER_PERSON = 5;
const REMINDERS = PEOPLE * PER_PERSON;
const silent = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as never;

/** The receivers, in a child process: ask it something and wait for its answer. */
function startSinks(): Promise<{ child: ChildProcess; smtpUrl: string; ask: <T>(m: object) => Promise<T> }> {
  const child = fork(fileURLToPath(new URL('./notification-sinks.ts', import.meta.url)), {
    execArgv: ['--conditions=@hearth/source', '--import', 'tsx'],
  });
  const next = <T>() => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const ask = <T>(m: object) => {
    const answer = next<T>();
    child.send(m);
    return answer;
  };
  return next<{ smtpUrl: string }>().then(({ smtpUrl }) => ({ child, smtpUrl, ask }));
}

async function run(engine: DatabaseEngine, db: Db) {
  await migrateToLatest(db, engine);
  const sinks = await startSinks();
  const counts = () => sinks.ask<{ push: number; mail: number }>({ type: 'counts' });
  const due = new Date('2031-01-15T08:00:00.000Z');
  const made = new Date().toISOString();
  const people = [];
  for (let i = 0; i < PEOPLE; i++) {
    people.push({
      issuer: 'http://issuer.bench',
      subject: `bench-${i}`,
      username: `bench${i}`,
      username_key: `bench${i}`,
      first_name: 'Sam',
      last_name: 'Rivera',
      email: `bench${i}@example.test`,
      phone_num: null,
      profile_img: null,
      house_id: null,
      created_at: made,
      updated_at: made,
    });
  }
  const ids: number[] = [];
  for (let i = 0; i < people.length; i += 500) {
    const rows = await db
      .insertInto('users')
      .values(people.slice(i, i + 500))
      .returning('user_id')
      .execute();
    ids.push(...rows.map((r) => r.user_id));
  }
  const { devices: made_devices } = await sinks.ask<{
    devices: { endpoint: string; keys: { p256dh: string; auth: string } }[];
  }>({ type: 'devices', count: ids.length });
  const devices = ids.map((user_id, i) => {
    const d = made_devices[i] as (typeof made_devices)[number];
    return {
      user_id,
      endpoint: d.endpoint,
      p256dh: d.keys.p256dh,
      auth: d.keys.auth,
      device_label: 'Phone',
      created_at: made,
    };
  });
  for (let i = 0; i < devices.length; i += 500)
    await db
      .insertInto('push_subscriptions')
      .values(devices.slice(i, i + 500))
      .execute();
  const reminders = ids.flatMap((owner_id) =>
    Array.from({ length: PER_PERSON }, (_, k) => ({
      owner_id,
      title: `Reminder ${k + 1}`,
      description: null,
      remind_time: new Date(due.getTime() + k * 10_000).toISOString(), // all within the minute
      repeat_interval: null,
      time_zone: 'UTC',
      created_at: made,
      updated_at: made,
    })),
  );
  for (let i = 0; i < reminders.length; i += 500)
    await db
      .insertInto('reminders')
      .values(reminders.slice(i, i + 500))
      .execute();

  const config = loadConfig({
    PUBLIC_URL: 'http://hearth.bench',
    SMTP_URL: sinks.smtpUrl,
    PUSH_ALLOW_INSECURE: 'true',
  });
  let now = new Date(due.getTime() - 60_000);
  const service = new NotificationsService(
    new NotificationsRepository(db, engine),
    null as unknown as Membership,
    null as unknown as LiveHub,
    { config: config.notifications, publicUrl: config.publicUrl, log: silent, clock: () => now },
  );
  const scheduler = new Scheduler(service, silent);
  await scheduler.tick(() => now); // the watermark, a minute before

  // The scheduler runs as in the server; the clock is read as the due minute ends.
  // The scheduler runs as in the server: a run, then another every few seconds until all went out (a
  // retried delivery waits its backoff); the clock starts as the due minute ends and then runs on.
  const end = due.getTime() + 60_000;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const elapsed = () => performance.now() - started;
  const tickClock = () => new Date(end + elapsed());
  for (;;) {
    now = tickClock();
    await scheduler.tick(tickClock);
    const got = await counts();
    if ((got.push === REMINDERS && got.mail === REMINDERS) || elapsed() > 900_000) break;
    await new Promise((r) => setTimeout(r, 3000));
  }
  const seconds = elapsed() / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rows = await db.selectFrom('notification_deliveries').select(['status']).execute();
  const sent = rows.filter((r) => r.status === 'sent').length;
  const got = await counts();
  console.log(
    `${engine.padEnd(10)} ${REMINDERS} reminders -> ${got.push} pushes + ${got.mail} emails ` +
      `(${sent}/${rows.length} delivery rows sent) in ${seconds.toFixed(1)} s: ` +
      `${Math.round((got.push + got.mail) / seconds)} messages/s; the scheduler's process used ${cpuSeconds.toFixed(1)} s of CPU ` +
      `(${((cpuSeconds * 1000) / (got.push + got.mail)).toFixed(2)} ms a message; load average ${loadavg()[0]?.toFixed(1)})`,
  );
  await service.close();
  sinks.child.disconnect();
  if (got.push !== REMINDERS || got.mail !== REMINDERS) throw new Error('not everything was delivered');
}

const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-notify-'));
try {
  const database = {
    engine: 'sqlite' as const,
    url: `file:${join(dir, 'hearth.db')}`,
    sqlitePath: join(dir, 'hearth.db'),
  };
  const db = createDb(database);
  await run('sqlite', db);
  await db.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const scratch = await scratchDatabase(adminUrl, 'hearth_bench');
  const db = createDb({ engine: 'postgres', url: scratch.url, sqlitePath: null });
  try {
    await run('postgres', db);
  } finally {
    await db.destroy();
    await scratch.drop();
  }
} else {
  console.log('postgres   skipped (set TEST_DATABASE_URL to a PostgreSQL server to run it)');
}
