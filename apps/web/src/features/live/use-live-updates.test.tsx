import type { LiveChange } from '@hearth/contract';
import { QueryClientProvider, QueryObserver, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../test/auth';
import { testQueryClient } from '../../test/render';
import { testUser } from '../../test/users';
import { useLiveChange } from './live-events';
import { applyLiveChange, applyLiveResync, liveQueryKeys, useLiveUpdates } from './use-live-updates';

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
  const stale = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey[0]);
  return { queryClient, stale };
}

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
