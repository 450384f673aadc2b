import { describe, expect, it } from 'vitest';
import { joinWords, ordinal, repeatSentence } from './repeat-sentence';

describe('repeatSentence', () => {
  it('reads each kind of rule as a sentence', () => {
    expect(repeatSentence({ every: 'none' })).toBe('Does not repeat');
    expect(repeatSentence({ every: 'days', interval: 1 })).toBe('Every day');
    expect(repeatSentence({ every: 'days', interval: 3 })).toBe('Every 3 days');
    expect(repeatSentence({ every: 'weeks', interval: 2, weekdays: [4, 1] })).toBe(
      'Every 2 weeks on Mon and Thu',
    );
    expect(repeatSentence({ every: 'weeks', interval: 1, weekdays: [0, 3, 5, 1] })).toBe(
      'Every week on Mon, Wed, Fri and Sun',
    );
    expect(repeatSentence({ every: 'months', interval: 1, month_day: -1 })).toBe('Monthly on the last day');
    expect(repeatSentence({ every: 'months', interval: 3, month_day: 22 })).toBe(
      'Every 3 months on the 22nd',
    );
    expect(repeatSentence({ every: 'days_after_done', interval: 3 })).toBe('3 days after it is done');
    expect(repeatSentence({ every: 'days_after_done', interval: 1 })).toBe('1 day after it is done');
  });

  it('has ordinals and lists that read naturally', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 31].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '31st',
    ]);
    expect(joinWords(['Mon'])).toBe('Mon');
    expect(joinWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
