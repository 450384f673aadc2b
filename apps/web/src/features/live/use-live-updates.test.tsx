import type { LiveChange } from '@hearth/contract';
import { type QueryClient, QueryClientProvider, QueryObserver, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api-client';
import { notePosition, parsePosition } from '../../lib/live-position';
import { authState } from '../../test/auth';
import { testQueryClient } from '../../test/render';
import { testUser } from '../../test/users';
import { useLiveChange } from './live-events';
import {
  applyLiveChange,
  applyLiveResume,
  applyLiveResync,
  coveredBy,
  liveQueryKeys,
  resumePoint,
  useLiveUpdates,
} from './use-live-updates';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// As features declare them: three by the naming convention, and two features listening to 'house'.
const keys = liveQueryKeys([
  { live: ['groceries', 'events', 'reminders'] },
  { live: [{ kind: 'house', keys: [['houses']] }] },
  { live: [{ kind: 'house', keys: [['users']] }] },
]);

const change = (kind: LiveChange['kind']): LiveChange => ({ kind, entity: 'x', action: 'updated', id: 1 });

function seeded() {
  const queryClient = testQueryClient();
  for (const key of [
    ['groceries', 'lists'],
    ['events', 7],
    ['reminders', 'list'],
    ['houses', 3],
    ['users', 'me'],
  ]) {
    queryClient.setQueryData(key, 'cached');
  }
  return { queryClient, stale: () => staleKinds(queryClient) };
}

/** The first key part of every stale query. */
const staleKinds = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => q.queryKey[0]);

describe('liveQueryKeys', () => {
  it('reads a bare kind as its own key and merges the keys of features listening to the same kind', () => {
    expect(Object.fromEntries(keys)).toEqual({
      groceries: [['groceries']],
      events: [['events']],
      reminders: [['reminders']],
      house: [['houses'], ['users']],
    });
  });
});

describe('applyLiveChange', () => {
  it("marks only the changed kind's queries stale", () => {
    const { queryClient, stale } = seeded();
    applyLiveChange(queryClient, keys, change('groceries'));
    expect(stale()).toEqual(['groceries']);
    applyLiveChange(queryClient, keys, change('house'));
    expect(stale().sort()).toEqual(['groceries', 'houses', 'users']);
  });

  it('ignores kinds it does not know (a newer server)', () => {
    const { queryClient, stale } = seeded();
    applyLiveChange(queryClient, keys, { ...change('groceries'), kind: 'chores' as LiveChange['kind'] });
    expect(stale()).toEqual([]);
  });

  it('waits while this tab is changing the same kind: its mutations refetch when they settle', async () => {
    const { queryClient, stale } = seeded();
    let finish!: () => void;
    const running = queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: ['groceries', 'toggle-item'],
        mutationFn: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      })
      .execute(undefined);
    await waitFor(() => expect(queryClient.isMutating({ mutationKey: ['groceries'] })).toBe(1));
    applyLiveChange(queryClient, keys, change('groceries'));
    applyLiveChange(queryClient, keys, change('events'));
    expect(stale()).toEqual(['events']);
    finish();
    await running;
  });
});

describe('applyLiveChange on a read under way', () => {
  it.each([
    ['before the first answer', false],
    ['while an answer is shown', true],
  ])(
    'asks again when a change arrives while a read is under way (%s): the answer that stays is not older',
    async (_when, shown) => {
      const queryClient = testQueryClient();
      if (shown) queryClient.setQueryData(['groceries', 'lists'], ['Eggs']);
      let server = ['Milk'];
      const reads: { resolve: () => void }[] = [];
      const observer = new QueryObserver(queryClient, {
        queryKey: ['groceries', 'lists'],
        // Each read takes what the server holds when it starts, and answers when the test lets it.
        queryFn: () => {
          const seen = [...server];
          return new Promise<string[]>((resolve) => reads.push({ resolve: () => resolve(seen) }));
        },
      });
      const seen: (string[] | undefined)[] = [];
      const unsubscribe = observer.subscribe((result) => seen.push(result.data));
      await waitFor(() => expect(reads).toHaveLength(1));

      // A housemate adds bin bags after the read has read; their change event arrives before its answer.
      server = ['Milk', 'Bin bags'];
      applyLiveChange(queryClient, keys, change('groceries'));
      reads[0]!.resolve();
      await waitFor(() => expect(reads).toHaveLength(2));
      reads[1]!.resolve();
      await waitFor(() =>
        expect(queryClient.getQueryData(['groceries', 'lists'])).toEqual(['Milk', 'Bin bags']),
      );
      unsubscribe();
    },
  );
});

describe('applyLiveResync', () => {
  it('marks every live query stale', () => {
    const { queryClient, stale } = seeded();
    applyLiveResync(queryClient, keys);
    expect(stale().sort()).toEqual(['events', 'groceries', 'houses', 'reminders', 'users']);
  });
});

describe('resuming a first stream from the answers already read', () => {
  /** Answers noted with the positions they were read at (undefined: the server gave none). */
  function answered(positions: Record<string, string | undefined>) {
    const queryClient = testQueryClient();
    for (const [kind, position] of Object.entries(positions)) {
      const answer = { kind };
      notePosition(answer, position ?? null);
      queryClient.setQueryData([kind, 'list'], answer);
    }
    const query = (kind: string) => queryClient.getQueryCache().find({ queryKey: [kind, 'list'] })!;
    return { queryClient, query, all: () => queryClient.getQueryCache().getAll() };
  }

  it('resumes from the oldest position of the most answers, and covers only those read since on it', () => {
    const { query, all } = answered({
      groceries: 'e1-7-3',
      events: 'e1-5-3',
      reminders: 'e1-9-3',
      houses: 'e2-1-3', // another server instance
      users: undefined,
    });
    const from = resumePoint(all());
    expect(from?.text).toBe('e1-5-3');
    expect(['groceries', 'events', 'reminders'].every((k) => coveredBy(query(k), from!))).toBe(true);
    expect(coveredBy(query('houses'), from!)).toBe(false);
    expect(coveredBy(query('users'), from!)).toBe(false);
    // From a later point, an answer read before it is not covered.
    expect(coveredBy(query('events'), parsePosition('e1-6-3')!)).toBe(false);
    // Another house's positions never count.
    expect(coveredBy(query('groceries'), parsePosition('e1-1-4')!)).toBe(false);
    expect(resumePoint(answered({ users: undefined }).all())).toBeUndefined();
  });

  it('reads again only the answers the resumed stream does not cover', async () => {
    const { queryClient } = answered({ groceries: 'e1-7-3', events: 'e1-5-3', houses: undefined });
    applyLiveResume(queryClient, keys, parsePosition('e1-6-3')!);
    await waitFor(() => expect(staleKinds(queryClient).sort()).toEqual(['events', 'houses']));
  });

  it('judges a read under way by the position of the answer it brings', async () => {
    const queryClient = testQueryClient();
    const answers: Record<string, Array<() => void>> = { groceries: [], events: [] };
    const reads: string[] = [];
    // Nobody shows these: a query that goes stale is marked, and read again when next shown.
    for (const [kind, position] of [
      ['groceries', 'e1-4-3'], // read before the point the stream resumed from
      ['events', 'e1-8-3'],
    ] as const) {
      void queryClient.prefetchQuery({
        queryKey: [kind],
        queryFn: () => {
          reads.push(kind);
          return new Promise((resolve) =>
            answers[kind]!.push(() => {
              const answer = { kind };
              notePosition(answer, position);
              resolve(answer);
            }),
          );
        },
      });
    }
    applyLiveResume(queryClient, keys, parsePosition('e1-6-3')!);
    const invalidated = () =>
      queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.isInvalidated)
        .map((q) => q.queryKey[0]);
    await new Promise((r) => setTimeout(r, 20));
    expect(invalidated()).toEqual([]);
    for (const kind of ['groceries', 'events']) answers[kind]!.shift()!();
    await waitFor(() => expect(invalidated()).toEqual(['groceries']));
    expect(reads).toEqual(['groceries', 'events']);
  });

  it('keeps the newer position when a refetch brings the same data (structural sharing)', async () => {
    const queryClient = testQueryClient();
    let position = 'e1-1-3';
    const read = () => {
      const answer = { items: ['milk'] };
      notePosition(answer, position);
      return Promise.resolve(answer);
    };
    const first = await queryClient.fetchQuery({ queryKey: ['groceries'], queryFn: read });
    position = 'e1-4-3';
    await queryClient.refetchQueries({ queryKey: ['groceries'] });
    const query = queryClient.getQueryCache().find({ queryKey: ['groceries'] })!;
    expect(query.state.data).toBe(first);
    expect(resumePoint([query])?.text).toBe('e1-4-3');
  });
});

const me = testUser({ house_id: 3 });

function Probe({ onGroceries }: { onGroceries: (c: LiveChange | null) => void }) {
  useLiveUpdates(keys);
  useLiveChange('groceries', onGroceries);
  const lists = useQuery({
    queryKey: ['groceries', 'lists'],
    queryFn: () => fetch('/api/grocery-list/').then((r) => r.json() as Promise<string[]>),
  });
  return <output>{lists.data?.join(',') ?? 'loading'}</output>;
}

describe('useLiveUpdates', () => {
  it('opens the stream once signed in with a profile and refetches what housemates change', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const encoder = new TextEncoder();
    let version = 0;
    const live = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = String(input);
        if (path === '/api/users/me') return Response.json(me);
        if (path === '/api/grocery-list/') return Response.json([`v${++version}`]);
        if (path === '/api/live') {
          live(init.headers);
          return new Response(
            new ReadableStream<Uint8Array>({
              start(c) {
                controller = c;
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          );
        }
        throw new Error(`Unexpected fetch: ${path}`);
      }),
    );
    const onGroceries = vi.fn();
    const queryClient = testQueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Probe onGroceries={onGroceries} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('v1')).toBeInTheDocument();
    await waitFor(() => expect(live).toHaveBeenCalledTimes(1));
    expect(live.mock.calls[0]?.[0]).toMatchObject({ Authorization: 'Bearer test-access-token' });

    // The first `ready` asks for a resync: whatever changed before the stream opened is fetched.
    controller.enqueue(encoder.encode('event: ready\nid: a-0-3\ndata: {"resync":true,"house_id":3}\n\n'));
    expect(await screen.findByText('v2')).toBeInTheDocument();
    expect(onGroceries).toHaveBeenLastCalledWith(null);

    const housemate = { kind: 'groceries', entity: 'grocery_item', action: 'created', id: 9, parent_id: 2 };
    controller.enqueue(encoder.encode(`event: change\nid: a-1-3\ndata: ${JSON.stringify(housemate)}\n\n`));
    expect(await screen.findByText('v3')).toBeInTheDocument();
    expect(onGroceries).toHaveBeenLastCalledWith(housemate);

    // Other kinds leave the groceries alone.
    controller.enqueue(
      encoder.encode(`event: change\nid: a-2-3\ndata: ${JSON.stringify(change('events'))}\n\n`),
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.getByText('v3')).toBeInTheDocument();

    view.unmount();
  });

  it('opens its first stream from the answers on screen and reads again only what it does not cover', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const live = vi.fn();
    let lists = 0;
    let profiles = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = String(input);
        // Here the profile's answer carries no position (as a read the server does not keep).
        if (path === '/api/users/me') {
          profiles++;
          return Response.json(me);
        }
        if (path === '/api/grocery-list/') {
          return Response.json([`v${++lists}`], { headers: { 'Live-Position': 'e1-5-3' } });
        }
        if (path === '/api/live') {
          live(init.headers);
          const body = new ReadableStream<Uint8Array>({
            start(c) {
              controller = c;
            },
          });
          return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
        }
        throw new Error(`Unexpected fetch: ${path}`);
      }),
    );
    const api = createApiClient({ getAccessToken: () => 'token' });
    function Lists() {
      useLiveUpdates(keys);
      const lists = useQuery({
        queryKey: ['groceries', 'lists'],
        queryFn: () => api.get<string[]>('/api/grocery-list/'),
      });
      return <output>{lists.data?.join(',') ?? 'loading'}</output>;
    }
    const queryClient = testQueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Lists />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('v1')).toBeInTheDocument();
    await waitFor(() => expect(live).toHaveBeenCalledTimes(1));
    expect(live.mock.calls[0]?.[0]).toMatchObject({ 'Last-Event-ID': 'e1-5-3' });
    expect(profiles).toBe(1);

    // Resumed: a change since then was replayed, and it alone refetches the lists; the profile, read with
    // no position, is read again.
    const housemate = { kind: 'groceries', entity: 'grocery_item', action: 'created', id: 9 };
    const encoder = new TextEncoder();
    controller.enqueue(encoder.encode(`event: change\nid: e1-6-3\ndata: ${JSON.stringify(housemate)}\n\n`));
    controller.enqueue(encoder.encode('event: ready\nid: e1-6-3\ndata: {"resync":false,"house_id":3}\n\n'));
    expect(await screen.findByText('v2')).toBeInTheDocument();
    await waitFor(() => expect(profiles).toBe(2));
    await new Promise((r) => setTimeout(r, 30));
    expect(lists).toBe(2);
    view.unmount();
  });

  it('does not connect without a profile', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === '/api/users/me') {
        return Response.json(
          { error: { code: 'not_found', message: 'Profile was not found.' } },
          { status: 404 },
        );
      }
      return Response.json([]);
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe onGroceries={() => undefined} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/users/me', expect.anything()));
    await new Promise((r) => setTimeout(r, 30));
    expect(fetchMock.mock.calls.some(([p]) => String(p) === '/api/live')).toBe(false);
  });
});
