import { type ClientRequest, get as httpGet, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushSink, startPushSink } from '../modules/notifications/test-receivers.js';
import { memberOfNewHouse, startTestApp, type TestApp } from '../test/test-app.js';
import { testEngine } from '../test/test-db.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith(`${series} `)) return Number(line.slice(series.length + 1));
  }
  return undefined;
}

describe(`/metrics (${testEngine})`, () => {
  let off: TestApp;
  let t: TestApp;
  let push: PushSink;

  beforeAll(async () => {
    push = await startPushSink();
    [off, t] = await Promise.all([
      startTestApp(),
      startTestApp({ env: { METRICS_TOKEN: TOKEN, PUSH_ALLOW_INSECURE: 'true', API_RATE_LIMIT: 'off' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), t?.close(), push?.close()]);
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('is not there without METRICS_TOKEN', async () => {
    const res = await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('asks for the token: none, another scheme or a wrong one is a 401', async () => {
    for (const authorization of [
      undefined,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('hearth_');
    }
  });

  it('times requests by route pattern and status, and counts answers served from the kept ones', async () => {
    const ana = await memberOfNewHouse(t, 'metrics-ana');
    const created = await ana.client.post('/api/grocery-list/', { grocery_list_name: 'Weekly' });
    expect(created.statusCode).toBe(201);
    const id = created.json().grocery_list_id as number;
    expect((await ana.client.delete(`/api/grocery-list/${id}`)).statusCode).toBe(200);
    expect((await ana.client.delete('/api/grocery-list/999999')).statusCode).toBe(404);
    const hitsBefore = sample(await scrape(), 'hearth_response_cache_hits_total') ?? 0;
    for (let i = 0; i < 3; i++) expect((await ana.client.get('/api/grocery-list/')).statusCode).toBe(200);

    const text = await scrape();
    expect(
      sample(
        text,
        'hearth_http_request_duration_seconds_count{method="POST",route="/api/grocery-list/",status_code="201"}',
      ),
    ).toBe(1);
    // The pattern, not the id: both deletes share one series per status.
    const byId = 'hearth_http_request_duration_seconds_count{method="DELETE",route="/api/grocery-list/:id"';
    expect(sample(text, `${byId},status_code="200"}`)).toBe(1);
    expect(sample(text, `${byId},status_code="404"}`)).toBe(1);
    expect(text).not.toContain(`route="/api/grocery-list/${id}"`);
    // The first list read is made, the next ones are kept answers.
    expect(sample(text, 'hearth_response_cache_hits_total')).toBeGreaterThanOrEqual(hitsBefore + 2);
    // The process's own figures.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('gives the database pool, the open live streams and the notifications due', async () => {
    const ana = await memberOfNewHouse(t, 'metrics-live');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await t.issuer.mint('metrics-live');
    const { req, res } = await new Promise<{ req: ClientRequest; res: IncomingMessage }>((resolve) => {
      const req = httpGet(`${base}/api/live`, { headers: { authorization: `Bearer ${token}` } }, (res) =>
        resolve({ req, res }),
      );
    });
    expect(res.statusCode).toBe(200);
    await new Promise<void>((resolve) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('event: ready')) resolve();
      });
    });
    const now = new Date();
    const past = new Date(now.getTime() - 60_000).toISOString();
    await t.testDb.db
      .insertInto('notification_deliveries')
      .values(
        [1, 2, 3].map((n) => ({
          user_id: ana.user.user_id,
          kind: 'house',
          source_id: n,
          due_at: past,
          channel: 'email',
          target_id: 0,
          details: '{}',
          status: 'failed' as const,
          send_at: past,
          created_at: past,
        })),
      )
      .execute();
    const text = await scrape();
    expect(sample(text, 'hearth_live_streams_open')).toBe(1);
    // Failed rows are not due; nothing else is waiting in this database.
    expect(sample(text, 'hearth_notifications_due')).toBe(0);
    // Claimed by another instance that is still sending them: due, not sent, and out of this one's reach.
    await t.testDb.db
      .updateTable('notification_deliveries')
      .set({
        status: 'sending',
        claimed_by: 'another-instance',
        claimed_until: new Date(now.getTime() + 3_600_000).toISOString(),
      })
      .where('user_id', '=', ana.user.user_id)
      .execute();
    expect(sample(await scrape(), 'hearth_notifications_due')).toBe(3);
    const idle = sample(text, 'hearth_db_pool_connections{state="idle"}');
    const inUse = sample(text, 'hearth_db_pool_connections{state="in_use"}');
    expect(idle).toBeGreaterThanOrEqual(testEngine === 'sqlite' ? 1 : 0);
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect((idle ?? 0) + (inUse ?? 0)).toBeGreaterThan(0);
    expect(sample(text, 'hearth_db_pool_waiting')).toBe(0);
    req.destroy();
    for (let i = 0; i < 50 && sample(await scrape(), 'hearth_live_streams_open') !== 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(sample(await scrape(), 'hearth_live_streams_open')).toBe(0);
  });

  it('counts notifications sent, retried and failed by channel', async () => {
    const ana = await memberOfNewHouse(t, 'metrics-push');
    await ana.client.put('/api/notification-settings/', { channels: { reminders: ['push'] } });
    const ok = push.device();
    const flaky = push.device();
    flaky.answer = 500;
    const broken = push.device();
    broken.answer = 400;
    for (const d of [ok, flaky, broken])
      expect(
        (await ana.client.post('/api/push-subscription/', { endpoint: d.endpoint, keys: d.keys })).statusCode,
      ).toBe(201);
    await ana.client.post('/api/reminder/', {
      title: 'Counted',
      remind_time: new Date(Date.now() + 1000).toISOString(),
    });
    let text = '';
    for (let i = 0; i < 100; i++) {
      text = await scrape();
      const outcomes = ['sent', 'retried', 'failed'].map((outcome) =>
        sample(text, `hearth_notifications_total{outcome="${outcome}",channel="push"}`),
      );
      if (outcomes.every((n) => n !== undefined)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(sample(text, 'hearth_notifications_total{outcome="sent",channel="push"}')).toBe(1);
    expect(sample(text, 'hearth_notifications_total{outcome="retried",channel="push"}')).toBe(1);
    expect(sample(text, 'hearth_notifications_total{outcome="failed",channel="push"}')).toBe(1);
    expect(ok.received.map((p) => p.title)).toEqual(['Counted']);
  }, 30_000);
});
