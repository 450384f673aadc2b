import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { repeatWords } from './repeat-words';
import { draftToSplit } from './split-form';

afterEach(async () => {
  await switchLanguage('en');
});

const money = (minor: number) => `${(minor / 100).toFixed(2)}`;

describe('split errors and repeat words in both languages', () => {
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

  it('names how often a recurring bill repeats, in German', async () => {
    expect(repeatWords({ every: 'months', interval: 1, month_day: 1 })).toBe('Every month on day 1');
    expect(repeatWords({ every: 'weeks', interval: 2, month_day: null })).toBe('Every 2 weeks');
    expect(repeatWords({ every: 'months', interval: 3, month_day: 'last' })).toBe(
      'Every 3 months on the last day',
    );
    await switchLanguage('de');
    expect(repeatWords({ every: 'months', interval: 1, month_day: 1 })).toBe('Jeden Monat am 1.');
    expect(repeatWords({ every: 'weeks', interval: 2, month_day: null })).toBe('Alle 2 Wochen');
    expect(repeatWords({ every: 'years', interval: 1, month_day: null })).toBe('Jedes Jahr');
  });
});
