import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/create-db.js';
import { migrateToLatest } from '../../db/migrate.js';
import { Factories } from '../../test/factories.js';
import { type PushDevice, type PushSink, startPushSink } from './test-receivers.js';

/*
 * Several server processes on one PostgreSQL: each reminder goes out once. Two instances share 500
 * reminders due in the same minute; then one is killed (SIGKILL) in the middle of sending the next 500 and
 * started again. Every delivery row is sent exactly once, and the receiver gets every delivery id; the only
 * repeats a receiver can see are the messages that were on the wire at the moment of the kill, and those
 * carry the same delivery id (push Topic, notification tag) so it recognises them.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));
const REMINDERS = 500;

interface Instance {
  process: ChildProcess;
  id: Promise<string>;
}

function startInstance(databaseUrl: string): Instance {
  const child = spawn(process.execPath, ['--conditions=@hearth/source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://hearth.test',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      PUSH_ALLOW_INSECURE: 'true',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const id = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const m = /"instance":"([0-9a-f-]{36})"/.exec(buffered);
      if (m) resolve(m[1] as string);
      buffered = buffered.slice(-4000);
    });
    child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
  });
  id.catch(() => {});
  return { process: child, id };
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!adminUrl)('exactly once across instances (postgres, spawned servers)', () => {
  const name = `hearth_once_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  let db: Db;
  let sink: PushSink;
  let device: PushDevice;
  const instances: Instance[] = [];
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    db = createDb({ engine: 'postgres', url: databaseUrl, sqlitePath: null });
    await migrateToLatest(db, 'postgres');
    sink = await startPushSink();
    device = sink.device();
  });

  afterAll(async () => {
    for (const i of instances) i.process.kill('SIGKILL');
    await db?.destroy();
    await sink?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  async function addReminders(userId: number, dueAt: Date) {
    const now = new Date().toISOString();
    const rows = Array.from({ length: REMINDERS }, (_, i) => ({
      owner_id: userId,
      title: `Reminder ${dueAt.toISOString()} #${i + 1}`,
      description: null,
      remind_time: dueAt.toISOString(),
      repeat_interval: null,
      time_zone: 'UTC',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 250)
      await db
        .insertInto('reminders')
        .values(rows.slice(i, i + 250))
        .execute();
  }

  const counts = async () => {
    const rows = await db
      .selectFrom('notification_deliveries')
      .select(['status', 'claimed_by'])
      .where('kind', '=', 'reminders')
      .execute();
    return { total: rows.length, sent: rows.filter((r) => r.status === 'sent').length, rows };
  };

  it('sends 500 reminders due in one minute once with two instances, and once more after a kill -9', async () => {
    const person = await new Factories(db, 'http://issuer.test').user({ subject: 'once' });
    await db
      .insertInto('notification_settings')
      .values({
        user_id: person.user_id,
        time_zone: 'UTC',
        channels: JSON.stringify({ reminders: ['push'], tasks: [], bills: [], house: [] }),
        quiet_start: null,
        quiet_end: null,
        digest_time: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto('push_subscriptions')
      .values({
        user_id: person.user_id,
        endpoint: device.endpoint,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        device_label: 'Test phone',
        created_at: new Date().toISOString(),
      })
      .execute();

    instances.push(startInstance(databaseUrl), startInstance(databaseUrl));
    const [a, b] = await Promise.all(instances.map((i) => i.id));

    // Round 1: two instances, 500 reminders due in the same minute.
    await addReminders(person.user_id, new Date(Date.now() + 2000));
    await until(async () => (await counts()).sent === REMINDERS, 30_000, 'round 1');
    const round1 = await counts();
    const ids1 = new Set(device.received.map((p) => p.delivery_id));
    const byInstance = {
      a: round1.rows.filter((r) => r.claimed_by === a).length,
      b: round1.rows.filter((r) => r.claimed_by === b).length,
    };
    console.log(
      `round 1: ${round1.total} rows, ${device.received.length} pushes received (${ids1.size} distinct); sent by A ${byInstance.a}, B ${byInstance.b}`,
    );
    expect(round1.total).toBe(REMINDERS);
    expect(ids1.size).toBe(REMINDERS);
    expect(device.received).toHaveLength(REMINDERS);
    expect(byInstance.a + byInstance.b).toBe(REMINDERS);

    // Round 2: a slow push service, and whichever instance is sending is killed mid-batch, then restarted.
    device.delayMs = 40;
    const before = device.received.length;
    await addReminders(person.user_id, new Date(Date.now() + 2000));
    let victim: Instance | undefined;
    await until(
      async () => {
        if (device.received.length - before < 60) return false;
        const sending = await db
          .selectFrom('notification_deliveries')
          .select('claimed_by')
          .where('status', '=', 'sending')
          .executeTakeFirst();
        if (!sending) return false;
        const ids = await Promise.all(instances.map((i) => i.id));
        victim = instances[ids.indexOf(sending.claimed_by as string)];
        return victim !== undefined;
      },
      30_000,
      'an instance in the middle of a batch',
    );
    victim?.process.kill('SIGKILL');
    const killedAt = device.received.length - before;
    instances.push(startInstance(databaseUrl));
    await until(async () => (await counts()).sent === 2 * REMINDERS, 60_000, 'round 2 after the kill');
    const round2 = await counts();
    const received2 = device.received.slice(before);
    const ids2 = new Set(received2.map((p) => p.delivery_id));
    const repeats = received2.length - ids2.size;
    console.log(
      `round 2: killed after ${killedAt} pushes; ${round2.total - REMINDERS} rows, ${received2.length} pushes received (${ids2.size} distinct, ${repeats} repeated in flight)`,
    );
    expect(round2.total).toBe(2 * REMINDERS);
    expect(round2.sent).toBe(2 * REMINDERS);
    expect(ids2.size).toBe(REMINDERS);
    // Only what was on the wire when the process died can come twice, and never more than once again.
    expect(repeats).toBeLessThanOrEqual(24);
    const perId = new Map<string, number>();
    for (const p of received2) perId.set(p.delivery_id, (perId.get(p.delivery_id) ?? 0) + 1);
    expect(Math.max(...perId.values())).toBeLessThanOrEqual(2);
  }, 120_000);
});
