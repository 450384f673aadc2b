/*
 * Sets Hearth's theme on <html> before the first paint, so a dark page never flashes light (or the other
 * way). It runs in <head>, before the app and its styles: the build puts it inline in index.html (the
 * server's Content-Security-Policy allows it by its hash, and no other inline script), and the built-in
 * sign-in pages load this file.
 *
 * The choice is kept per device in localStorage under "hearth.theme": "light", "dark" or "system"
 * (anything else, or nothing, is "system": follow the device). src/lib/theme.ts changes it from the app and
 * applies it the same way.
 */
(() => {
  const KEY = 'hearth.theme';
  const THEME_COLORS = { light: '#7a4e2d', dark: '#1d1510' };
  const root = document.documentElement;
  const media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  function choice() {
    try {
      const saved = window.localStorage.getItem(KEY);
      return saved === 'light' || saved === 'dark' ? saved : 'system';
    } catch (_) {
      // Storage can be switched off: then the device decides.
      return 'system';
    }
  }

  function apply() {
    const chosen = choice();
    const theme = chosen === 'system' ? (media?.matches ? 'dark' : 'light') : chosen;
    root.setAttribute('data-theme', theme);
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', THEME_COLORS[theme]);
  }

  apply();
  // "Follow the device" follows it live; another tab's choice applies here too.
  if (media?.addEventListener) media.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) apply();
  });
})();
