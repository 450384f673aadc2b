import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { repeatWords } from '../features/bills/lib/repeat-words';
import { draftToSplit } from '../features/bills/lib/split-form';
import { WaitingChip } from '../features/groceries/components/waiting-chip';
import { deviceLabel } from '../features/notifications/lib/device-label';
import { createApiClient } from '../lib/api-client';
import { switchLanguage } from '../lib/i18n';
import { mockFetch } from '../test/fetch';

/* Texts built in helpers (not in JSX) follow the language too: English as before, German when chosen. */

afterEach(async () => {
  await switchLanguage('en');
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const money = (minor: number) => `${(minor / 100).toFixed(2)}`;

describe('the last helper-built texts in both languages', () => {
  it('marks a change made offline as waiting, in German too', async () => {
    const { unmount } = render(<WaitingChip id="w" />);
    expect(screen.getByText('Waiting to send')).toBeInTheDocument();
    unmount();
    await switchLanguage('de');
    render(<WaitingChip id="w" />);
    expect(screen.getByText('Wartet auf Senden')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to send')).toBeNull();
  });

  it('says what to fix in a split in the chosen language', async () => {
    const percent = { mode: 'percent' as const, members: [1, 2], values: { 1: '50', 2: '40' } };
    const exact = { mode: 'exact' as const, members: [1, 2], values: { 1: '1', 2: '2' } };
    expect(draftToSplit(percent, 1000, 'EUR', money)).toEqual({
      error: 'Percentages must add up to 100 (now 90).',
    });
    expect(draftToSplit(exact, 1000, 'EUR', money)).toEqual({
      error: 'Exact amounts must add up to 10.00 (now 3.00).',
    });
    await switchLanguage('de');
    expect(draftToSplit(percent, 1000, 'EUR', money)).toEqual({
      error: 'Die Prozentsätze müssen zusammen 100 ergeben (jetzt 90).',
    });
    expect(draftToSplit(exact, 1000, 'EUR', money)).toEqual({
      error: 'Die genauen Beträge müssen zusammen 10.00 ergeben (jetzt 3.00).',
    });
    expect(draftToSplit({ mode: 'equal', members: [], values: {} }, 1000, 'EUR', money)).toEqual({
      error: 'Wähle mindestens eine Person, mit der geteilt wird.',
    });
  });

  it('names how often a recurring bill repeats, and the device, in German', async () => {
    expect(repeatWords({ every: 'months', interval: 1, month_day: 1 })).toBe('Every month on day 1');
    expect(repeatWords({ every: 'weeks', interval: 2, month_day: null })).toBe('Every 2 weeks');
    expect(repeatWords({ every: 'months', interval: 3, month_day: 'last' })).toBe(
      'Every 3 months on the last day',
    );
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceLabel('curl/8.0')).toBe('This device');
    await switchLanguage('de');
    expect(repeatWords({ every: 'months', interval: 1, month_day: 1 })).toBe('Jeden Monat am 1.');
    expect(repeatWords({ every: 'weeks', interval: 2, month_day: null })).toBe('Alle 2 Wochen');
    expect(repeatWords({ every: 'years', interval: 1, month_day: null })).toBe('Jedes Jahr');
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome auf Linux');
    expect(deviceLabel('curl/8.0')).toBe('Dieses Gerät');
  });

  it('puts the status words after a failure text in German', async () => {
    await switchLanguage('de');
    mockFetch({ 'GET /api/users/me': { status: 404, body: undefined } });
    const api = createApiClient({ getAccessToken: () => 't' });
    const err = await api
      .get('/api/users/me', { failure: 'Profil konnte nicht geladen werden' })
      .catch((e) => e);
    expect(err).toMatchObject({ status: 404, message: 'Profil konnte nicht geladen werden: Nicht gefunden' });
  });
});
