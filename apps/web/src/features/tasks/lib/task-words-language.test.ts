import type { TaskRepeat } from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { dueInWords } from './due-words';
import { repeatSentence } from './repeat-sentence';

afterEach(async () => {
  await switchLanguage('en');
});

describe('task words in both languages', () => {
  it('reads repeats and due times in English, then in German', async () => {
    const weekly: TaskRepeat = { every: 'weeks', interval: 2, weekdays: [1, 4] };
    const monthly: TaskRepeat = { every: 'months', interval: 1, month_day: 3 };
    const now = new Date('2026-11-23T09:00:00Z');
    expect(repeatSentence(weekly)).toBe('Every 2 weeks on Mon and Thu');
    expect(repeatSentence(monthly)).toBe('Monthly on the 3rd');
    expect(dueInWords('2026-11-24T17:00:00Z', now, 'Europe/Berlin')).toBe('tomorrow 18:00');
    expect(dueInWords('2026-11-20T17:00:00Z', now, 'Europe/Berlin')).toBe('3 days ago');
    await switchLanguage('de');
    expect(repeatSentence(weekly)).toMatch(/^Alle 2 Wochen am Mo\.? und Do\.?$/);
    expect(repeatSentence(monthly)).toBe('Monatlich am 3.');
    expect(repeatSentence({ every: 'days_after_done', interval: 3 })).toBe('3 Tage nach dem Erledigen');
    expect(dueInWords('2026-11-24T17:00:00Z', now, 'Europe/Berlin')).toBe('morgen 18:00');
    expect(dueInWords('2026-11-20T17:00:00Z', now, 'Europe/Berlin')).toBe('vor 3 Tagen');
  });
});
