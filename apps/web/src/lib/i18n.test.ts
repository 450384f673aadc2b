import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentWeek, formatDay, formatTime, weekStartsOn } from './dates';
import {
  currentLocale,
  labels,
  language,
  onLanguageChange,
  switchLanguage,
  t,
  tIn,
  useLanguage,
} from './i18n';
import { SERVER_ONLY_NAMESPACES } from './i18n/catalogue';

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

describe('messages', () => {
  it('formats plurals, ordinals and numbers in the current language', async () => {
    expect(t('common:items', { count: 1 })).toBe('1 item');
    expect(t('items', { count: 0 })).toBe('0 items');
    expect(t('common:items', { count: 1234 })).toBe('1,234 items');
    expect(t('tasks:repeatWords.ordinal', { n: 2 })).toBe('2nd');
    expect(t('tasks:repeatWords.ordinal', { n: 23 })).toBe('23rd');
    await switchLanguage('de');
    expect(t('common:items', { count: 1234 })).toBe('1.234 Artikel');
    expect(t('common:changes', { count: 1 })).toBe('1 Änderung');
    expect(t('tasks:repeatWords.ordinal', { n: 2 })).toBe('2.');
  });

  it('formats select, nested in plural or select, with arguments inside', async () => {
    expect(t('bills:repeatWords.every', { every: 'weeks', n: 1 })).toBe('Every week');
    expect(t('bills:repeatWords.every', { every: 'months', n: 3 })).toBe('Every 3 months');
    expect(t('bills:repeatWords.every', { every: 'years', n: 2 })).toBe('Every 2 years');
    expect(t('bills:paymentSentence', { from: 'me', to: 'x', toName: 'Ana' })).toBe('You paid Ana');
    expect(t('bills:paymentSentence', { from: 'x', to: 'me', fromName: 'Ben' })).toBe('Ben paid you');
    await switchLanguage('de');
    expect(t('bills:paymentSentence', { from: 'me', to: 'x', toName: 'Ana' })).toBe('Du hast an Ana gezahlt');
  });

  it('does not escape what it puts in (React escapes what it renders)', () => {
    expect(t('bills:paymentSentence', { from: 'me', to: 'x', toName: '<b>Tom & Jo</b>' })).toBe(
      'You paid <b>Tom & Jo</b>',
    );
  });

  it('translates in a given language whatever the current one is', async () => {
    await switchLanguage('de');
    expect(t('common:httpStatus.404')).toBe('Nicht gefunden');
    expect(tIn('en', 'common:httpStatus.404')).toBe('Not Found');
    expect(tIn('en', 'auth:login')).toBe('Login');
    expect(tIn('de', 'auth:login')).toBe('Anmelden');
  });

  it('gives the key back for a message whose arguments are missing', () => {
    expect(t('bills:repeatWords.every', { every: 'weeks' })).toBe('bills:repeatWords.every');
  });

  it('tells listeners and components when the language changes, and only then', async () => {
    const heard: string[] = [];
    const stop = onLanguageChange((lang) => heard.push(lang));
    const { result } = renderHook(() => useLanguage());
    expect(result.current).toBe('en');
    await act(() => switchLanguage('de'));
    expect(result.current).toBe('de');
    await act(() => switchLanguage('de'));
    stop();
    await act(() => switchLanguage('en'));
    expect(result.current).toBe('en');
    expect(heard).toEqual(['de']);
  });
});

describe('loading the catalogue', () => {
  // A fresh copy of the runtime, as the browser has it on arrival: no catalogue yet.
  async function freshRuntime() {
    vi.resetModules();
    const runtime = await import('./i18n');
    const { loaded } = await import('./i18n/catalogue');
    return { ...runtime, loaded };
  }

  it('gives keys until a language is loaded; each language comes whole, every namespace of its folder but the server’s own', async () => {
    const fresh = await freshRuntime();
    expect(fresh.t('auth:login')).toBe('auth:login');
    await Promise.all([fresh.loadCatalogue(), fresh.loadCatalogue('en'), fresh.loadCatalogue()]);
    expect(fresh.t('auth:login')).toBe('Login');
    expect(fresh.t('tasks:groups.today')).toBe('Today');
    expect(fresh.t('notifications:devices.remove')).toBe('Remove');
    const namespaces = Object.keys(import.meta.glob('../../../../packages/i18n/src/locales/en/*.json')).map(
      (path) => /(\w+)\.json$/.exec(path)?.[1],
    );
    const serverOnly: readonly (string | undefined)[] = SERVER_ONLY_NAMESPACES;
    expect(Object.keys(fresh.loaded.en).sort()).toEqual(
      namespaces.filter((ns) => !serverOnly.includes(ns)).sort(),
    );
  });

  it('loads German whole when it is chosen', async () => {
    const fresh = await freshRuntime();
    localStorage.setItem('hearth.language', 'de');
    await fresh.switchLanguage(fresh.startingLanguage());
    expect(fresh.language()).toBe('de');
    expect(fresh.t('tasks:groups.today')).toBe('Heute');
    expect(Object.keys(fresh.loaded.de).sort()).not.toContain('idp');
    await fresh.switchLanguage('en');
    expect(fresh.t('tasks:groups.today')).toBe('Today');
    document.documentElement.lang = 'en';
  });

  it('falls back to English for a message German lacks, then to the key', async () => {
    const fresh = await freshRuntime();
    await Promise.all([fresh.switchLanguage('de'), fresh.loadCatalogue('en')]);
    expect(fresh.t('auth:login')).toBe('Anmelden');
    delete (fresh.loaded.de.auth as Record<string, unknown>).login;
    expect(fresh.t('auth:login')).toBe('Login');
    delete (fresh.loaded.en.auth as Record<string, unknown>).login;
    expect(fresh.t('auth:login')).toBe('auth:login');
    document.documentElement.lang = 'en';
  });

  it('when switches overlap, the last one asked for wins, even if an earlier one finishes later', async () => {
    const fresh = await freshRuntime();
    const toGerman = fresh.switchLanguage('de');
    const toEnglish = fresh.switchLanguage('en');
    await Promise.all([toGerman, toEnglish]);
    expect(fresh.language()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('tries a failed fetch again on the next call', async () => {
    const fresh = await freshRuntime();
    // The first fetch of German fails (a dropped connection), the next one succeeds.
    vi.doMock('./i18n/de', () => {
      throw new Error('offline');
    });
    await expect(fresh.switchLanguage('de')).rejects.toThrow();
    expect(fresh.language()).toBe('en');
    vi.doUnmock('./i18n/de');
    vi.resetModules();
    await Promise.all([fresh.switchLanguage('de'), fresh.loadCatalogue('en')]);
    expect(fresh.t('auth:login')).toBe('Anmelden');
  });
});
