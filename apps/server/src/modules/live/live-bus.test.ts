import type { LiveChange } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { LiveBus, type LiveEnvelope, type LiveEvent, type LiveSink, type LiveTransport } from './live-bus.js';
import { MemoryTransport } from './memory-transport.js';

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

const change = (id: number, kind: LiveChange['kind'] = 'groceries'): LiveChange => ({
  kind,
  entity: 'grocery_item',
  action: 'created',
  id,
});

function recorder() {
  const events: LiveEvent[] = [];
  let resyncs = 0;
  return {
    events,
    get resyncs() {
      return resyncs;
    },
    subscriber: { change: (e: LiveEvent) => events.push(e), resync: () => resyncs++ },
  };
}

async function bus(replayLimit = 1000) {
  const b = new LiveBus(new MemoryTransport(), log, replayLimit);
  await b.start();
  return b;
}

describe('LiveBus', () => {
  it('delivers a house change to that house only, and a personal change to that user only', async () => {
    const b = await bus();
    const h1 = recorder();
    const h2 = recorder();
    const homeless = recorder();
    b.subscribe({ userId: 1, houseId: 10 }, h1.subscriber);
    b.subscribe({ userId: 2, houseId: 20 }, h2.subscriber);
    b.subscribe({ userId: 3, houseId: null }, homeless.subscriber);

    await b.publish(10, change(1));
    await b.publishToUser(3, change(2, 'reminders'));
    await b.publishToUser(1, change(3, 'reminders'));

    expect(h1.events.map((e) => e.change.id)).toEqual([1, 3]);
    expect(h2.events).toEqual([]);
    expect(homeless.events.map((e) => e.change)).toEqual([change(2, 'reminders')]);
  });

  it('stops delivering after unsubscribe', async () => {
    const b = await bus();
    const r = recorder();
    const sub = b.subscribe({ userId: 1, houseId: 10 }, r.subscriber);
    expect(b.subscriberCount).toBe(1);
    sub.unsubscribe();
    expect(b.subscriberCount).toBe(0);
    await b.publish(10, change(1));
    expect(r.events).toEqual([]);
  });

  it('replays what a client missed since its last event id, and asks for a resync when it cannot', async () => {
    const b = await bus();
    const scope = { userId: 1, houseId: 10 };
    const first = recorder();
    const sub = b.subscribe(scope, first.subscriber);
    expect(sub.resync).toBe(true);
    await b.publish(10, change(1));
    const seen = first.events[0]!.id;
    sub.unsubscribe();

    await b.publish(10, change(2));
    await b.publish(20, change(99));
    await b.publishToUser(1, change(3, 'reminders'));

    const resumed = b.subscribe(scope, recorder().subscriber, seen);
    expect(resumed.resync).toBe(false);
    expect(resumed.replay.map((e) => e.change.id)).toEqual([2, 3]);
    // Resuming from where it now is replays nothing.
    expect(b.subscribe(scope, recorder().subscriber, resumed.position)).toMatchObject({
      resync: false,
      replay: [],
    });

    for (const id of [
      null,
      'nonsense',
      seen.replace(/^[a-z0-9]+/, 'ffffffffff'),
      seen.replace(/-10$/, '-11'),
    ]) {
      expect(b.subscribe(scope, recorder().subscriber, id)).toMatchObject({ resync: true, replay: [] });
    }
  });

  it('asks for a resync when the missed changes are no longer kept', async () => {
    const b = await bus(3);
    const scope = { userId: 1, houseId: 10 };
    const start = b.subscribe(scope, recorder().subscriber).position;
    for (let i = 0; i < 3; i++) await b.publish(10, change(i));
    expect(b.subscribe(scope, recorder().subscriber, start).resync).toBe(false);
    await b.publish(10, change(3));
    expect(b.subscribe(scope, recorder().subscriber, start).resync).toBe(true);
  });

  it('tells every stream to resync after a gap, and forgets old positions', async () => {
    let sink: LiveSink | null = null;
    const transport: LiveTransport = {
      start: async (s) => {
        sink = s;
      },
      send: async (e: LiveEnvelope) => sink?.deliver(e),
      close: async () => undefined,
    };
    const b = new LiveBus(transport, log);
    await b.start();
    const r = recorder();
    const scope = { userId: 1, houseId: 10 };
    const position = b.subscribe(scope, r.subscriber).position;
    (sink as LiveSink | null)?.gap();
    expect(r.resyncs).toBe(1);
    expect(b.subscribe(scope, recorder().subscriber, position).resync).toBe(true);
  });

  it('never lets a failing transport fail the change that was published', async () => {
    const failing: LiveTransport = {
      start: async () => undefined,
      send: async () => {
        throw new Error('database gone');
      },
      close: async () => undefined,
    };
    const b = new LiveBus(failing, log);
    await b.start();
    const r = recorder();
    const scope = { userId: 1, houseId: 1 };
    const before = b.positionNow(1);
    b.subscribe(scope, r.subscriber);
    await expect(b.publish(1, change(1))).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalled();
    // No stream heard of that change: they refetch, and nobody resumes from a position before it.
    expect(r.resyncs).toBe(1);
    expect(b.subscribe(scope, recorder().subscriber, before).resync).toBe(true);
  });

  it('tries a message again while the database is unavailable, and raises the versions with it', async () => {
    let sink: LiveSink | null = null;
    let failures = 2;
    const raised: string[][] = [];
    const flaky: LiveTransport = {
      raisesVersions: true,
      start: async (s) => {
        sink = s;
      },
      send: async (e, raise) => {
        if (failures-- > 0) throw Object.assign(new Error('Connection terminated unexpectedly'), {});
        raised.push([...(raise ?? [])]);
        (sink as LiveSink | null)?.deliver(e);
      },
      close: async () => undefined,
    };
    const versions = { bump: vi.fn(), raiseFailed: vi.fn() };
    const b = new LiveBus(flaky, log, 1000, versions);
    await b.start();
    const r = recorder();
    b.subscribe({ userId: 1, houseId: 10 }, r.subscriber);
    await b.publish(10, change(1));
    expect(r.events.map((e) => e.change.id)).toEqual([1]);
    expect(r.resyncs).toBe(0);
    // Raised in the message's own send, not beforehand.
    expect(raised).toEqual([['h:10']]);
    expect(versions.bump).not.toHaveBeenCalled();
  });

  it('after its time budget its own streams resync and kept answers are dropped; the message goes out once the database is back', async () => {
    let sink: LiveSink | null = null;
    let databaseUp = false;
    const raised: string[][] = [];
    const down: LiveTransport = {
      raisesVersions: true,
      start: async (s) => {
        sink = s;
      },
      send: async (e, raise) => {
        if (!databaseUp) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
        raised.push([...(raise ?? [])]);
        (sink as LiveSink | null)?.deliver(e);
      },
      close: async () => undefined,
    };
    const versions = { bump: vi.fn(), raiseFailed: vi.fn() };
    const b = new LiveBus(down, log, 1000, versions, 300);
    await b.start();
    const r = recorder();
    b.subscribe({ userId: 1, houseId: 10 }, r.subscriber);
    const started = Date.now();
    await b.publish(10, change(1));
    await b.publish(10, change(2));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r.resyncs).toBe(2);
    expect(versions.raiseFailed).toHaveBeenCalledTimes(2);
    expect(r.events).toEqual([]);
    // Every instance hears of both, in order, with their counters raised, once the database takes them.
    databaseUp = true;
    await vi.waitFor(() => expect(r.events.map((e) => e.change.id)).toEqual([1, 2]), { timeout: 5000 });
    expect(raised).toEqual([['h:10'], ['h:10']]);
    await b.close();
  });

  it('gives the current position for a house, which a stream resumes from with what came after', async () => {
    const b = await bus();
    const scope = { userId: 1, houseId: 10 };
    const position = b.positionNow(10);
    expect(position).toBe(b.subscribe(scope, recorder().subscriber).position);
    await b.publish(10, change(1));
    expect(b.positionNow(10)).not.toBe(position);
    expect(b.subscribe(scope, recorder().subscriber, position)).toMatchObject({
      resync: false,
      replay: [{ change: change(1) }],
    });
    expect(b.positionNow(null)).toMatch(/-0$/);
  });
});
