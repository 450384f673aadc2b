import { afterEach, describe, expect, it } from 'vitest';
import { currentWeek, formatDay, formatTime, weekStartsOn } from './dates';
import { currentLocale, labels, language, switchLanguage, t } from './i18n';

afterEach(async () => {
  await switchLanguage('en');
});

describe('the app language', () => {
  it('switches to German (loaded on demand), and <html lang> follows', async () => {
    expect(t('auth:login')).toBe('Login');
    await switchLanguage('de');
    expect(language()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(t('auth:login')).toBe('Anmelden');
    expect(t('common:items', { count: 1 })).toBe('1 Artikel');
    await switchLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('common:items', { count: 2 })).toBe('2 items');
  });

  it('labels read the current language each time they are used', async () => {
    const names = labels({ today: 'tasks:groups.today', later: 'tasks:groups.later' });
    expect(names.today).toBe('Today');
    await switchLanguage('de');
    expect(names.today).toBe('Heute');
    expect(Object.values(names)).toEqual(['Heute', 'Später']);
  });

  it('weeks start on the locale’s first day: Sunday in the US, Monday in Germany and the UK', async () => {
    expect(weekStartsOn('en-US')).toBe(0);
    expect(weekStartsOn('de-DE')).toBe(1);
    expect(weekStartsOn('de')).toBe(1);
    expect(weekStartsOn('en-GB')).toBe(1);
    // Wednesday 25 November 2026.
    const wednesday = new Date('2026-11-25T12:00:00Z');
    expect(currentWeek(wednesday, 'Europe/Berlin', 0)).toEqual({ start: '2026-11-22', end: '2026-11-29' });
    expect(currentWeek(wednesday, 'Europe/Berlin', 1)).toEqual({ start: '2026-11-23', end: '2026-11-30' });
  });

  it('formats dates and times in the chosen language: 24-hour time in German', async () => {
    const at = new Date('2026-11-23T13:30:00Z');
    expect(currentLocale()).toMatch(/^en/);
    expect(formatTime(at)).toMatch(/PM/);
    await switchLanguage('de');
    expect(currentLocale()).toBe('de');
    expect(formatTime(at)).not.toMatch(/AM|PM/);
    expect(formatTime(at)).toMatch(/^\d{2}:30$/);
    expect(formatDay(at)).toMatch(/^Mo\., 23\. Nov/);
  });
});
