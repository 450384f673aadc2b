import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_LIMITS } from '../../plugins/limits.js';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ env: { API_RATE_LIMIT: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function makeToken(client: ReturnType<TestApp['as']>, scope: 'read' | 'read_write') {
  const res = await client.post('/api/access-token/', {
    label: `mcp ${scope}`,
    scope,
    expires_in_days: null,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}

/** The SDK's own client, over Streamable HTTP, with the token as Bearer. */
async function connect(token: string, language = 'en') {
  const client = new Client({ name: 'hearth-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, 'accept-language': language } },
  });
  await client.connect(transport);
  return client;
}

/** A housemate's live stream (/api/live, as the web app reads it): resolves with the first change matching. */
function liveChange(token: string, match: (data: string) => boolean) {
  let res: IncomingMessage | undefined;
  const seen = new Promise<string>((resolve, reject) => {
    const req = httpGet(`${base}/api/live`, { headers: { authorization: `Bearer ${token}` } }, (r) => {
      res = r;
      let buffer = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => {
        buffer += chunk;
        for (const block of buffer.split('\n\n').slice(0, -1)) {
          const data = block.split('\n').find((l) => l.startsWith('data:'));
          if (block.startsWith('event: change') && data && match(data)) resolve(data.slice(5).trim());
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      });
    });
    req.on('error', reject);
  });
  const ready = new Promise<void>((resolve) => {
    const wait = () => (res ? resolve() : setTimeout(wait, 10));
    wait();
  });
  return { seen, ready, close: () => res?.destroy() };
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join('\n');

describe(`MCP server (${testEngine})`, () => {
  it('refuses a request without a token (401 with WWW-Authenticate) or with a revoked one', async () => {
    const none = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const jwt = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await t.issuer.mint('nobody')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(jwt.status).toBe(401);
    expect(jwt.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('initializes, lists the tools, and adds grocery items a housemate sees live', async () => {
    const { client: ana, house } = await memberOfNewHouse(t, 'mcp-ana');
    await housemateOf(t, 'mcp-ben', house.house_code);
    const list = (await ana.post('/api/grocery-list/', { grocery_list_name: 'Weekly shop' })).json();
    const mcp = await connect(await makeToken(ana, 'read_write'));
    expect(mcp.getServerVersion()?.name).toBe('hearth');

    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'add_expense',
        'add_grocery_items',
        'check_grocery_item',
        'complete_task',
        'create_event',
        'create_reminder',
        'get_balances',
        'list_events',
        'list_grocery_lists',
        'list_reminders',
        'list_tasks',
      ].sort(),
    );
    const add = tools.find((tool) => tool.name === 'add_grocery_items');
    expect(add?.inputSchema).toMatchObject({ type: 'object', required: ['list', 'items'] });

    const live = liveChange(await t.issuer.mint('mcp-ben'), (data) => data.includes('"grocery_item"'));
    await live.ready;
    try {
      const result = await mcp.callTool({
        name: 'add_grocery_items',
        arguments: { list: 'weekly SHOP', items: ['2 kg potatoes', 'milk'] },
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toBe('Added to Weekly shop: 2 kg potatoes and milk.');
      const change = JSON.parse(await live.seen);
      expect(change).toMatchObject({ kind: 'groceries', entity: 'grocery_item', action: 'created' });
    } finally {
      live.close();
    }
    const items = (await ana.get('/api/grocery-list/')).json()[0].items;
    expect(
      items.map((i: { grocery_item_name: string; quantity: string | null }) => [
        i.grocery_item_name,
        i.quantity,
      ]),
    ).toEqual([
      ['potatoes', '2 kg'],
      ['milk', null],
    ]);

    const listed = textOf(await mcp.callTool({ name: 'list_grocery_lists', arguments: {} }));
    expect(listed).toContain(`Weekly shop [list ${list.grocery_list_id}]: 2 items`);
    const checked = await mcp.callTool({
      name: 'check_grocery_item',
      arguments: { grocery_item_id: items[1].grocery_item_id },
    });
    expect(textOf(checked)).toBe('Ticked off: milk.');
    const missing = await mcp.callTool({
      name: 'add_grocery_items',
      arguments: { list: 'Hardware', items: ['nails'] },
    });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain('There is no grocery list "Hardware"');
    const bad = await mcp.callTool({
      name: 'add_grocery_items',
      arguments: { list: 'Weekly shop', items: [] },
    });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('items');
    await mcp.close();
  });

  it('offers a read token only the reading tools, and refuses a writing one when called anyway', async () => {
    const { client: cleo } = await memberOfNewHouse(t, 'mcp-cleo');
    await cleo.post('/api/grocery-list/', { grocery_list_name: 'Groceries' });
    const mcp = await connect(await makeToken(cleo, 'read'));
    const names = (await mcp.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual([
      'get_balances',
      'list_events',
      'list_grocery_lists',
      'list_reminders',
      'list_tasks',
    ]);
    const refused = await mcp.callTool({
      name: 'add_grocery_items',
      arguments: { list: 'Groceries', items: ['bread'] },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('may only read');
    expect((await cleo.get('/api/grocery-list/')).json()[0].items).toEqual([]);
    await mcp.close();
  });

  it('does tasks, events, reminders and money through the services, answering in German for a German profile', async () => {
    const { client: dora, house, user } = await memberOfNewHouse(t, 'mcp-dora');
    await housemateOf(t, 'mcp-emil', house.house_code);
    const me = (await dora.get('/api/users/me')).json() as Record<string, unknown>;
    expect((await dora.post('/api/users/', { ...me, language: 'de' })).statusCode).toBeLessThan(300);
    await dora.put(`/api/house/${house.house_id}/currency`, { currency: 'EUR' });
    const task = (
      await dora.post('/api/task/', {
        title: 'Bins',
        due_at: new Date().toISOString(),
        assignee_id: user.user_id,
      })
    ).json();
    const mcp = await connect(await makeToken(dora, 'read_write'));

    const tasks = textOf(await mcp.callTool({ name: 'list_tasks', arguments: { which: 'due_today' } }));
    expect(tasks).toContain(`Bins: du, fällig`);
    expect(tasks).toContain(`[Aufgabe ${task.task_id}]`);
    expect(textOf(await mcp.callTool({ name: 'complete_task', arguments: { task_id: task.task_id } }))).toBe(
      'Erledigt: Bins.',
    );
    expect((await dora.get('/api/task/')).json()).toEqual([]);

    const event = await mcp.callTool({
      name: 'create_event',
      arguments: {
        title: 'Flat meeting',
        start_datetime: '2030-03-01T18:00:00Z',
        end_datetime: '2030-03-01T19:00:00Z',
      },
    });
    expect(textOf(event)).toMatch(/^Termin eingetragen: Flat meeting/);
    const events = textOf(
      await mcp.callTool({ name: 'list_events', arguments: { from: '2030-03-01', to: '2030-03-02' } }),
    );
    expect(events).toContain('Flat meeting');

    const reminder = await mcp.callTool({
      name: 'create_reminder',
      arguments: { title: 'Call landlord', remind_time: '2030-01-01T09:00:00Z' },
    });
    expect(reminder.isError, textOf(reminder)).toBeFalsy();
    expect(textOf(await mcp.callTool({ name: 'list_reminders', arguments: {} }))).toContain('Call landlord');

    const expense = await mcp.callTool({
      name: 'add_expense',
      arguments: { title: 'Pizza', amount_minor: 2400 },
    });
    expect(expense.isError, textOf(expense)).toBeFalsy();
    expect(textOf(expense)).toMatch(/Pizza, 24,00\s€, bezahlt von dir, geteilt zwischen dir und Sam Rivera/);
    const balances = textOf(await mcp.callTool({ name: 'get_balances', arguments: {} }));
    expect(balances).toContain('Zum Ausgleichen:');
    expect(balances).toMatch(/Sam Rivera zahlt dir 12,00\s€/);
    const stranger = await mcp.callTool({ name: 'complete_task', arguments: { task_id: 999999 } });
    expect(stranger.isError).toBe(true);
    await mcp.close();
  });

  it('answers GET and DELETE with 405 (stateless: everything goes by POST)', async () => {
    const { client } = await memberOfNewHouse(t, 'mcp-finn');
    const token = await makeToken(client, 'read');
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${base}/mcp`, { method, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it("counts MCP messages against the person's write budget, as the API's writes", async () => {
    const limited = await startTestApp({
      build: { apiLimits: { ...DEFAULT_API_LIMITS, writes: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const { client } = await memberOfNewHouse(limited, 'mcp-gus');
      const token = await makeToken(client, 'read');
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        });
      // The token itself was made with one write of the budget.
      expect((await send()).statusCode).toBe(200);
      const over = await send();
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});
