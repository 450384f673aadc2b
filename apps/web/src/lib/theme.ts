import { useCallback, useSyncExternalStore } from 'react';

/**
 * The theme chosen on this device: light, dark, or "system" (follow the device's own setting, the default).
 * public/theme.js applies the saved choice before the first paint; this module changes it from the app and
 * applies it the same way (data-theme on <html>, and the browser bar's colour).
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The localStorage key public/theme.js reads too. */
export const THEME_STORAGE_KEY = 'hearth.theme';

/** The browser bar's colour in each theme (the brown in light, the page's espresso in dark). */
export const THEME_COLORS: Record<Theme, string> = { light: '#7a4e2d', dark: '#1d1510' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeChoice(): ThemeChoice {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    // Storage can be switched off: then the device decides.
    return 'system';
  }
}

function deviceIsDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The theme a choice shows now. */
export function resolveTheme(choice: ThemeChoice): Theme {
  if (choice === 'system') return deviceIsDark() ? 'dark' : 'light';
  return choice;
}

/** Shows the theme a choice stands for now. */
export function applyTheme(choice: ThemeChoice): Theme {
  const theme = resolveTheme(choice);
  document.documentElement.setAttribute('data-theme', theme);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  return theme;
}

const listeners = new Set<() => void>();

/** Remembers the choice on this device and shows it. */
export function saveThemeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered where storage is switched off, but still shown until the page is left.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The device's theme choice, and a setter that saves and applies it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, (): ThemeChoice => 'system');
  return [choice, useCallback((next: ThemeChoice) => saveThemeChoice(next), [])];
}
