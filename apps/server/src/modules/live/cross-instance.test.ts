import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb, type Db } from '../../db/create-db.js';
import { memberOfNewHouse, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fails the next `failing` statements that send a live message, the way a pooled connection the database
 * ended fails its next statement: after the write itself was committed.
 */
class FailingNotify implements KyselyPlugin {
  failing = 0;
  failed = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    if (this.failing > 0 && JSON.stringify(args.node).includes('pg_notify')) {
      this.failing--;
      this.failed++;
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      });
    }
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

/*
 * Two instances on one PostgreSQL database: a housemate's stream on one hears a change made through the
 * other even when that instance's first attempt to send the message fails after the change is committed.
 */
describe.skipIf(testEngine !== 'postgres')('live changes across instances when sending fails', () => {
  let listening: TestApp;
  let sender: App;
  let senderDb: Db;
  const failure = new FailingNotify();
  let token = '';
  let stream: IncomingMessage | null = null;
  let text = '';

  beforeAll(async () => {
    listening = await startTestApp();
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    senderDb = createDb(listening.testDb.database, { pgSchema: listening.testDb.pgSchema }).withPlugin(
      failure,
    );
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      OIDC_ISSUER: listening.issuer.url,
      LOG_LEVEL: 'silent',
    });
    sender = await buildApp({
      config: { ...config, database: listening.testDb.database },
      db: senderDb,
      logger: false,
    });
    await sender.ready();
    await memberOfNewHouse(listening, 'ines');
    token = await listening.issuer.mint('ines');
    const port = (listening.app.server.address() as AddressInfo).port;
    stream = await new Promise<IncomingMessage>((resolve, reject) => {
      httpGet(
        `http://127.0.0.1:${port}/api/live`,
        { headers: { authorization: `Bearer ${token}` } },
        resolve,
      ).on('error', reject);
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    while (!text.includes('event: ready')) await sleep(20);
  });

  afterAll(async () => {
    stream?.destroy();
    await sender?.close();
    await senderDb?.destroy();
    await listening?.close();
  });

  async function addList(name: string): Promise<number> {
    const res = await sender.inject({
      method: 'POST',
      url: '/api/grocery-list/',
      headers: { authorization: `Bearer ${token}` },
      payload: { grocery_list_name: name },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().grocery_list_id;
  }

  /** Whether the other instance's stream heard of the list, as a change or as a resync, within 3 s. */
  async function heard(id: number, since: number): Promise<string> {
    const change = `"entity":"grocery_list","action":"created","id":${id}`;
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const after = text.slice(since);
      if (after.includes(change)) return 'change';
      if (after.includes('event: resync')) return 'resync';
      await sleep(20);
    }
    return 'nothing';
  }

  it('delivers a change whose first send fails after the commit', async () => {
    const since = text.length;
    failure.failing = 1;
    const id = await addList('Sent on the second try');
    expect(failure.failed).toBe(1);
    expect(await heard(id, since)).toBe('change');
  });

  it('delivers a change whose sends fail several times in a row', async () => {
    const since = text.length;
    failure.failing = 3;
    const id = await addList('Sent on the fourth try');
    expect(failure.failing).toBe(0);
    expect(await heard(id, since)).toBe('change');
  });
});
