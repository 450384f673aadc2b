import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { PushSender } from './push.js';
import { type PushDevice, type PushSink, startPushSink } from './test-receivers.js';

/* Delivery goes through the outbound guard: what the guard refuses is never sent, and is dropped. */

let sink: PushSink;
beforeAll(async () => {
  sink = await startPushSink();
});
afterAll(async () => {
  await sink?.close();
});

const vapid = webpush.generateVAPIDKeys();
const target = (device: PushDevice, endpoint = device.endpoint) => ({ endpoint, ...device.keys });
const payload = {
  delivery_id: 'd1',
  kind: 'test' as const,
  title: 'T',
  body: 'B',
  url: '/',
  tag: 'test',
  actions: [],
  due_at: new Date(0).toISOString(),
};

describe('push delivery', () => {
  it('delivers to loopback only when the operator allows it (tests)', async () => {
    const device = sink.device();
    const allowed = new PushSender(vapid, 'mailto:a@example.test', { allowLoopback: true });
    expect(await allowed.send(target(device), payload, 'test')).toEqual({ ok: true });
    expect(device.received).toHaveLength(1);

    const strict = new PushSender(vapid, 'mailto:a@example.test', { allowLoopback: false });
    const outcome = await strict.send(target(device), payload, 'test');
    expect(outcome).toMatchObject({ ok: false, gone: true, retry: false });
    expect(device.received).toHaveLength(1);
  });

  it('refuses, and drops, an endpoint whose name resolves inward when the message is sent', async () => {
    const device = sink.device();
    const port = new URL(sink.origin).port;
    const sender = new PushSender(vapid, 'mailto:a@example.test', {
      allowLoopback: true,
      resolve: async () => ['10.1.2.3'],
    });
    const outcome = await sender.send(target(device, `https://push.example.test:${port}/x`), payload, 'test');
    expect(outcome).toMatchObject({ ok: false, gone: true, retry: false });
    expect(outcome.ok === false && outcome.error).toMatch(/refused/);
  });

  it('never follows a redirect from a push service', async () => {
    const device = sink.device();
    // A "push service" that sends the message on to the device's real endpoint.
    const bouncer = http.createServer((_req, res) => {
      res.writeHead(307, { location: device.endpoint });
      res.end();
    });
    await new Promise<void>((resolve) => bouncer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = bouncer.address() as AddressInfo;
      const sender = new PushSender(vapid, 'mailto:a@example.test', { allowLoopback: true });
      const outcome = await sender.send(target(device, `http://127.0.0.1:${port}/p`), payload, 'test');
      expect(outcome).toMatchObject({ ok: false, gone: false, retry: false });
      expect(device.received).toHaveLength(0);
    } finally {
      bouncer.close();
    }
  });
});
