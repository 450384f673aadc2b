import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch';
import { createApiClient } from './api-client';
import {
  CLIENT_CONFIG_KEY,
  dropEarlyReads,
  dropEarlyReadsLater,
  EARLY_READS,
  savedSignIn,
  sendEarlyReads,
  takeEarlyRead,
} from './early-reads';

const AUTHORITY = 'http://localhost/oidc';
const CLIENT = 'hearth-web';
const SIGN_IN_KEY = `oidc.user:${AUTHORITY}:${CLIENT}`;

/** The copy of the sign-in settings and the sign-in oidc-client-ts keeps, as the app leaves them. */
function signedIn(token: string, expiresInS = 3600) {
  localStorage.setItem(
    CLIENT_CONFIG_KEY,
    JSON.stringify({ oidc: { authority: AUTHORITY, client_id: CLIENT } }),
  );
  localStorage.setItem(
    SIGN_IN_KEY,
    JSON.stringify({ access_token: token, expires_at: Math.floor(Date.now() / 1000) + expiresInS }),
  );
}

const send = (paths: string[] = ['/api/users/me', '/api/task/']) =>
  sendEarlyReads(paths, CLIENT_CONFIG_KEY, savedSignIn);

beforeEach(() => localStorage.clear());
afterEach(() => {
  dropEarlyReads();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendEarlyReads', () => {
  it("sends the reads with the saved sign-in's token", async () => {
    signedIn('tok-ann');
    const { calls } = mockFetch({
      'GET /api/users/me': { body: { user_id: 1 } },
      'GET /api/task/': { body: [] },
    });

    send();

    expect(calls.map((c) => c.path)).toEqual(['/api/users/me', '/api/task/']);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer tok-ann', 'Bearer tok-ann']);
    expect(calls[0]?.headers.get('Accept')).toBe('application/json');
    const answer = await takeEarlyRead('/api/users/me', 'tok-ann');
    expect(await answer?.json()).toEqual({ user_id: 1 });
  });

  it('sends nothing without a sign-in, with a token about to run out, or with a damaged copy', () => {
    const { calls } = mockFetch({});
    send();
    signedIn('tok-ann', 10);
    send();
    localStorage.setItem(SIGN_IN_KEY, '{not json');
    send();
    signedIn('tok-ann');
    localStorage.setItem(
      CLIENT_CONFIG_KEY,
      JSON.stringify({ oidc: { authority: 'http://other', client_id: CLIENT } }),
    );
    send();

    expect(calls).toEqual([]);
    expect(window.hearthEarlyReads).toBeUndefined();
  });

  it("the app's profile read is the one index.html sends", () => {
    expect(EARLY_READS).toEqual(['/api/users/me']);
  });
});

describe('takeEarlyRead', () => {
  it('hands an answer out once, and only for the token it was asked with', () => {
    signedIn('tok-ann');
    mockFetch({ 'GET /api/users/me': { body: {} }, 'GET /api/task/': { body: [] } });
    send();

    expect(takeEarlyRead('/api/users/me', 'tok-renewed')).toBeUndefined();
    // Asked once with another token, it is gone for good.
    expect(takeEarlyRead('/api/users/me', 'tok-ann')).toBeUndefined();
    expect(takeEarlyRead('/api/task/', 'tok-ann')).toBeInstanceOf(Promise);
    expect(takeEarlyRead('/api/task/', 'tok-ann')).toBeUndefined();
    expect(takeEarlyRead('/api/balance/', 'tok-ann')).toBeUndefined();
  });

  it('hands nothing out once the start-up is over', () => {
    vi.useFakeTimers();
    signedIn('tok-ann');
    mockFetch({ 'GET /api/users/me': { body: {} }, 'GET /api/task/': { body: [] } });
    send();
    dropEarlyReadsLater(1000);
    vi.advanceTimersByTime(999);
    expect(takeEarlyRead('/api/users/me', 'tok-ann')).toBeInstanceOf(Promise);
    vi.advanceTimersByTime(1);
    expect(takeEarlyRead('/api/task/', 'tok-ann')).toBeUndefined();
  });
});

describe('the API client and early reads', () => {
  it('takes the early answer for a read instead of asking again', async () => {
    signedIn('tok-ann');
    const { calls } = mockFetch({ 'GET /api/reminder/': { body: [{ reminder_id: 3 }] } });
    send(['/api/reminder/']);
    const api = createApiClient({ getAccessToken: () => 'tok-ann' });

    expect(await api.get('/api/reminder/')).toEqual([{ reminder_id: 3 }]);
    expect(calls).toHaveLength(1);
    // Later calls ask the server themselves.
    expect(await api.get('/api/reminder/')).toEqual([{ reminder_id: 3 }]);
    expect(calls).toHaveLength(2);
  });

  it('asks itself when the early read got no answer', async () => {
    signedIn('tok-ann');
    let first = true;
    const { calls } = mockFetch({
      'GET /api/reminder/': () => {
        if (!first) return { body: [] };
        first = false;
        return () => Promise.reject(new TypeError('Failed to fetch'));
      },
    });
    send(['/api/reminder/']);
    const api = createApiClient({ getAccessToken: () => 'tok-ann' });
    expect(await api.get('/api/reminder/')).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('asks itself with a token other than the early read had', async () => {
    signedIn('tok-ann');
    const { calls } = mockFetch({ 'GET /api/reminder/': { body: [] } });
    send(['/api/reminder/']);
    const api = createApiClient({ getAccessToken: () => 'tok-renewed' });
    await api.get('/api/reminder/');
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer tok-ann',
      'Bearer tok-renewed',
    ]);
  });

  it('renews and asks again when the early answer is a 401', async () => {
    signedIn('tok-ann');
    const { calls } = mockFetch({
      'GET /api/reminder/': (call) =>
        call.headers.get('Authorization') === 'Bearer tok-ann' ? { status: 401 } : { body: [] },
    });
    send(['/api/reminder/']);
    const api = createApiClient({
      getAccessToken: () => 'tok-ann',
      renewAccessToken: async () => 'tok-renewed',
    });
    expect(await api.get('/api/reminder/')).toEqual([]);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual([
      'Bearer tok-ann',
      'Bearer tok-renewed',
    ]);
  });
});
