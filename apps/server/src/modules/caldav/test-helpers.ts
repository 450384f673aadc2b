import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/test-app.js';

/** A calendar app for tests: HTTP Basic with a user name and an app password, any DAV method. */
export interface DavClient {
  request(
    method: string,
    path: string,
    options?: { body?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export function davClient(t: TestApp, username: string, password: string): DavClient {
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return {
    request: (method, path, options = {}) =>
      t.app.inject({
        method: method as InjectOptions['method'],
        url: path,
        headers: { authorization, ...options.headers },
        ...(options.body !== undefined ? { payload: options.body } : {}),
      }),
  };
}

/** An app password for the person the client signs as. */
export async function appPassword(client: {
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}) {
  const res = await client.post('/api/app-password/', { label: 'Test phone' });
  if (res.statusCode !== 201) throw new Error(`app password failed: ${res.body}`);
  return res.json().password as string;
}

export const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Phone//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
