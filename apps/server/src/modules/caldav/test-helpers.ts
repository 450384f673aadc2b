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

export const XML = { 'content-type': 'application/xml; charset=utf-8' };
export const CAL = { 'content-type': 'text/calendar; charset=utf-8' };

/** A calendar-query for every to-do of a collection, with its ETag and text. */
export const todoQuery = `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>`;

/** A one-off reminder's input, at a fixed time in Berlin unless overridden. */
export const reminder = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  remind_time: '2030-03-01T07:00:00Z',
  repeat_interval: null,
  time_zone: 'Europe/Berlin',
  ...overrides,
});

/** A weekly Monday task taking turns between `pool`, the first of it to begin. */
export const weeklyBins = (pool: number[], overrides: Record<string, unknown> = {}) => ({
  title: 'Bins',
  due_at: '2030-01-07T18:00:00Z',
  time_zone: 'UTC',
  repeat: { every: 'weeks', interval: 1, weekdays: [1] },
  rotation: 'round_robin',
  pool,
  assignee_id: pool[0],
  ...overrides,
});

/** A one-off house event's input. */
export const houseEvent = (houseId: number, title: string, start: string, end: string) => ({
  title,
  start_datetime: start,
  end_datetime: end,
  house_id: houseId,
});
