import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyTheme,
  readThemeChoice,
  resolveTheme,
  saveThemeChoice,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  type ThemeChoice,
} from './theme';

/** A device whose colour-scheme setting a test can flip, as `matchMedia` reports it. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((media: string) => {
    expect(media).toBe('(prefers-color-scheme: dark)');
    return query as unknown as MediaQueryList;
  });
  return {
    setDark(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Runs public/theme.js the way <head> does, before anything else on the page. */
function runPreloadScript() {
  const source = readFileSync(join(import.meta.dirname, '../../public/theme.js'), 'utf8');
  new Function(source)();
}

const shownTheme = () => document.documentElement.getAttribute('data-theme');
const barColour = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

beforeEach(() => {
  document.head.innerHTML = '<meta name="theme-color" content="#7a4e2d">';
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  document.head.innerHTML = '';
});

describe('theme choice', () => {
  it('follows the device by default', () => {
    fakeDevice(true);
    expect(readThemeChoice()).toBe('system');
    expect(resolveTheme('system')).toBe('dark');
  });

  it('is stored on this device and read back', () => {
    fakeDevice(false);
    saveThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemeChoice()).toBe('dark');
    expect(shownTheme()).toBe('dark');
    expect(barColour()).toBe(THEME_COLORS.dark);

    saveThemeChoice('system');
    expect(readThemeChoice()).toBe('system');
    expect(shownTheme()).toBe('light');
    expect(barColour()).toBe(THEME_COLORS.light);
  });

  it('treats an unknown stored value as following the device', () => {
    fakeDevice(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemeChoice()).toBe('system');
    expect(applyTheme(readThemeChoice())).toBe('dark');
  });

  it('still shows a choice when storage is switched off', () => {
    fakeDevice(false);
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const spies = [
      vi.spyOn(window.localStorage, 'setItem').mockImplementation(denied),
      vi.spyOn(window.localStorage, 'getItem').mockImplementation(denied),
    ];
    try {
      saveThemeChoice('dark');
      expect(shownTheme()).toBe('dark');
      expect(readThemeChoice()).toBe('system');
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('public/theme.js (runs before the first paint)', () => {
  const cases: [ThemeChoice | null, boolean, 'light' | 'dark'][] = [
    [null, false, 'light'],
    [null, true, 'dark'],
    ['system', true, 'dark'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
  ];
  it.each(cases)('saved %s on a device that is dark: %s shows %s, as the app does', (saved, dark, theme) => {
    fakeDevice(dark);
    if (saved) localStorage.setItem(THEME_STORAGE_KEY, saved);
    runPreloadScript();
    expect(shownTheme()).toBe(theme);
    expect(barColour()).toBe(THEME_COLORS[theme]);
    // The app's module reaches the same answer from the same storage.
    expect(resolveTheme(readThemeChoice())).toBe(theme);
  });

  it('follows the device live while the choice is to follow it, and not once a theme is chosen', () => {
    const device = fakeDevice(false);
    runPreloadScript();
    expect(shownTheme()).toBe('light');
    device.setDark(true);
    expect(shownTheme()).toBe('dark');

    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    device.setDark(false);
    device.setDark(true);
    expect(shownTheme()).toBe('light');
  });
});
