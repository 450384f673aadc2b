import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfNewHouse, startTestApp, type TestApp } from '../test/test-app.js';
import { bodyFieldsAllOptional } from './optional-body.js';

/*
 * Walks the route table as the app builds it: every route whose body fields are all optional must accept a
 * request that has no body at all (and one whose JSON body is empty), as curl -X POST or a home automation
 * sends it. What it answers otherwise (200, 404 for a made-up id...) is its business; a 400 about the body
 * is not.
 */

interface Route {
  method: string;
  url: string;
  body: unknown;
}

const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
let t: TestApp;
const routes: Route[] = [];

beforeAll(async () => {
  t = await startTestApp({
    env: { API_RATE_LIMIT: 'off' },
    build: {
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) routes.push({ method, url: route.url, body: route.schema?.body });
      },
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe(`a body whose fields are all optional may be left out (${engine})`, () => {
  it('reads the body schemas right', () => {
    expect(bodyFieldsAllOptional({ type: 'object', properties: { a: { type: 'string' } } })).toBe(true);
    expect(bodyFieldsAllOptional({ type: 'object', properties: {}, required: [] })).toBe(true);
    expect(bodyFieldsAllOptional({ type: 'object', required: ['a'] })).toBe(false);
    expect(bodyFieldsAllOptional({ type: 'array' })).toBe(false);
    expect(bodyFieldsAllOptional(undefined)).toBe(false);
  });

  it('marks a task done with POST and no body (curl -X POST)', async () => {
    const { client, user } = await memberOfNewHouse(t, 'curl-user');
    const task = await client.post('/api/task/', {
      title: 'Water the plants',
      due_at: '2030-01-01T09:00:00Z',
      assignee_id: user.user_id,
    });
    expect(task.statusCode, task.body).toBe(201);
    const id = task.json().task_id;
    const res = await client.request('POST', `/api/task/${id}/done`);
    expect(res.statusCode, res.body).toBe(200);
    // A route that needs fields still says so, naming the body.
    const missing = await client.request('POST', '/api/task/');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation_failed', field: 'body' });
  });

  it('says so in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(document.paths['/api/task/{task_id}/done'].post.requestBody.required).toBe(false);
    expect(document.paths['/api/task/'].post.requestBody.required).toBe(true);
  });

  it('accepts an absent or empty body on every such route in the route table', async () => {
    const { user } = await memberOfNewHouse(t, 'walker');
    const optional = routes.filter((r) => r.method !== 'HEAD' && bodyFieldsAllOptional(r.body));
    // The routes this is about (the walk would prove nothing if the table had none).
    expect(optional.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/task/:task_id/done');
    const token = await t.issuer.mint('walker');
    for (const route of optional) {
      const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
        name.includes('house') ? String(user.house_id) : '1',
      );
      for (const variant of ['absent', 'empty JSON'] as const) {
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers: {
            authorization: `Bearer ${token}`,
            ...(variant === 'empty JSON' ? { 'content-type': 'application/json' } : {}),
          },
          ...(variant === 'empty JSON' ? { payload: '' } : {}),
        };
        const res = await t.app.inject(options);
        const what = `${route.method} ${route.url} with the body ${variant}: ${res.statusCode} ${res.body}`;
        expect(res.statusCode, what).not.toBe(401);
        if (res.statusCode === 400) {
          const error = res.json().error ?? {};
          expect(error.field, what).not.toBe('body');
          expect(String(error.message), what).not.toMatch(/\bbody\b/i);
        }
      }
    }
  });
});
