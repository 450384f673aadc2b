import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../lib/i18n';
import { THEME_STORAGE_KEY } from '../lib/theme';
import { ThemePicker } from './theme-picker';

function deviceIsDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        matches: dark,
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const shownTheme = () => document.documentElement.getAttribute('data-theme');

beforeEach(() => {
  document.documentElement.removeAttribute('data-theme');
});

describe('ThemePicker', () => {
  it('offers the three choices in a labelled group, following the device at first', () => {
    deviceIsDark(true);
    render(<ThemePicker />);
    const group = screen.getByRole('group', { name: 'Theme' });
    expect(group).toHaveAccessibleDescription('Kept on this device only.');
    expect(screen.getByRole('radio', { name: 'Same as device' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
  });

  it('applies a choice at once and remembers it on this device', async () => {
    deviceIsDark(false);
    const user = userEvent.setup();
    const { unmount } = render(<ThemePicker />);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(shownTheme()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    // Coming back to the screen (or reloading) shows the remembered choice.
    unmount();
    render(<ThemePicker />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();

    // Back to following the device, which is light.
    await user.click(screen.getByRole('radio', { name: 'Same as device' }));
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  });

  it('is used with the keyboard like any radio group', async () => {
    deviceIsDark(false);
    const user = userEvent.setup();
    render(<ThemePicker />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Same as device' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(shownTheme()).toBe('light');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(shownTheme()).toBe('dark');
  });

  it('speaks German when the app does', async () => {
    deviceIsDark(false);
    await switchLanguage('de');
    try {
      render(<ThemePicker />);
      expect(screen.getByRole('group', { name: 'Design' })).toHaveAccessibleDescription(
        'Nur auf diesem Gerät gespeichert.',
      );
      expect(screen.getByRole('radio', { name: 'Wie das Gerät' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'Hell' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Dunkel' })).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
  });
});
