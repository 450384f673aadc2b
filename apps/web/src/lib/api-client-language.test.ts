import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch';
import { createApiClient } from './api-client';
import { switchLanguage } from './i18n';

afterEach(async () => {
  await switchLanguage('en');
});

describe('createApiClient in German', () => {
  it('puts the status words after a failure text in German', async () => {
    await switchLanguage('de');
    mockFetch({ 'GET /api/users/me': { status: 404, body: undefined } });
    const api = createApiClient({ getAccessToken: () => 't' });
    const err = await api
      .get('/api/users/me', { failure: 'Profil konnte nicht geladen werden' })
      .catch((e) => e);
    expect(err).toMatchObject({ status: 404, message: 'Profil konnte nicht geladen werden: Nicht gefunden' });
  });

  it("keeps a status phrase of the server's own making as it came", async () => {
    await switchLanguage('de');
    mockFetch({ 'GET /api/users/me': { status: 500, statusText: 'Server Error', body: undefined } });
    const api = createApiClient({ getAccessToken: () => 't' });
    const err = await api.get('/api/users/me', { failure: 'Fehlgeschlagen' }).catch((e) => e);
    expect(err).toMatchObject({ message: 'Fehlgeschlagen: Server Error' });
  });
});
