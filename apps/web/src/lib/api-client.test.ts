import { describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../test/fetch';
import { ApiError, createApiClient } from './api-client';
import { positionOf } from './live-position';

describe('createApiClient', () => {
  it('sends the bearer token and JSON, and returns the parsed answer', async () => {
    const { calls } = mockFetch({ 'POST /api/house/': { status: 201, body: { house_id: 7 } } });
    const api = createApiClient({ getAccessToken: () => 'tok-123' });

    const house = await api.post<{ house_id: number }>('/api/house/', { house_name: 'Elm St' });

    expect(house).toEqual({ house_id: 7 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ house_name: 'Elm St' });
  });

  it('reads the token at each call', async () => {
    const { calls } = mockFetch({ 'GET /api/users/me/exists': { body: { exists: true } } });
    let token = 'first';
    const api = createApiClient({ getAccessToken: () => token });
    await api.get('/api/users/me/exists');
    token = 'second';
    await api.get('/api/users/me/exists');
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer first', 'Bearer second']);
  });

  it('notes the live position an answer was read at', async () => {
    mockFetch({ 'GET /api/task/': { body: [{ task_id: 1 }], headers: { 'Live-Position': 'e1-4-2' } } });
    const answer = await createApiClient({ getAccessToken: () => 'tok' }).get('/api/task/');
    expect(positionOf(answer)).toBe('e1-4-2');
  });

  it('sends no Authorization header without a token, and no body on a GET', async () => {
    const { calls } = mockFetch({ 'GET /api/config': { body: { ok: true } } });
    await createApiClient({ getAccessToken: () => undefined }).get('/api/config');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  it('throws an ApiError with the status text and the error body on a non-OK answer', async () => {
    mockFetch({
      'POST /api/users/': apiError(
        409,
        'username_taken',
        'That username is already taken.',
        'username',
        'Conflict',
      ),
    });
    const api = createApiClient({ getAccessToken: () => 't' });

    const err = await api
      .post('/api/users/', {}, { failure: 'Failed to create user' })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 409,
      statusText: 'Conflict',
      code: 'username_taken',
      field: 'username',
      serverMessage: 'That username is already taken.',
      message: 'Failed to create user: Conflict',
    });
  });

  it("uses 'Failed to fetch user: {status text}' and fills in a missing status text", async () => {
    mockFetch({ 'GET /api/users/me': { status: 500, body: undefined } });
    const api = createApiClient({ getAccessToken: () => 't' });
    await expect(api.get('/api/users/me', { failure: 'Failed to fetch user' })).rejects.toThrow(
      'Failed to fetch user: Internal Server Error',
    );
  });

  it("uses the server's message when the call names no failure text", async () => {
    mockFetch({
      'PUT /api/house/NOPE': apiError(404, 'not_found', 'No house has that code; it was not found.'),
    });
    const api = createApiClient({ getAccessToken: () => 't' });
    await expect(api.put('/api/house/NOPE')).rejects.toThrow('No house has that code; it was not found.');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    mockFetch({ 'GET /api/users/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    const api = createApiClient({ getAccessToken: () => 't' });
    const err = await api.get('/api/users/me', { failure: 'Failed to fetch user' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, message: 'Failed to fetch user: Network Error' });
  });

  it('renews the token once after a 401 and retries with the new one', async () => {
    const { calls } = mockFetch({
      'GET /api/users/me': (call) =>
        call.headers.get('Authorization') === 'Bearer fresh'
          ? { body: { user_id: 1 } }
          : apiError(401, 'unauthorized', 'A valid bearer token is required.'),
    });
    const renew = vi.fn(async () => 'fresh');
    const api = createApiClient({ getAccessToken: () => 'stale', renewAccessToken: renew });

    await expect(api.get('/api/users/me')).resolves.toEqual({ user_id: 1 });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('gives up with the 401 when renewal fails', async () => {
    mockFetch({ 'GET /api/users/me': apiError(401, 'unauthorized', 'A valid bearer token is required.') });
    const api = createApiClient({
      getAccessToken: () => 'stale',
      renewAccessToken: () => Promise.reject(new Error('login_required')),
    });
    await expect(api.get('/api/users/me')).rejects.toMatchObject({ status: 401, statusText: 'Unauthorized' });
  });

  it('returns undefined for an empty answer', async () => {
    mockFetch({ 'DELETE /api/reminder/3': { status: 204 } });
    await expect(
      createApiClient({ getAccessToken: () => 't' }).delete('/api/reminder/3'),
    ).resolves.toBeUndefined();
  });
});
