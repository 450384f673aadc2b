import { describe, expect, it } from 'vitest';
import { errorPage, signInPage } from './pages.js';

/** The CSS variables of one rule (`selector{--name:value;...}`) in a page's <style>. */
function palette(page: string, selector: string): Record<string, string> {
  const start = page.indexOf(`${selector}{`);
  expect(start, `${selector} is in the page's style`).toBeGreaterThanOrEqual(0);
  const body = page.slice(start + selector.length + 1, page.indexOf('}', start));
  return Object.fromEntries(
    body
      .split(';')
      .filter((d) => d.startsWith('--'))
      .map((d) => [d.slice(2, d.indexOf(':')), d.slice(d.indexOf(':') + 1)]),
  );
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255]
    .map((v) => v / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const page = signInPage({ action: '/oidc/interaction/x/login', signUpHref: '/oidc/interaction/x/signup' });

describe('the sign-in pages in light and dark', () => {
  it('load the app’s /theme.js in <head>, so the theme chosen on this device applies before the first paint', () => {
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<script src="/theme.js"></script>');
    expect(head).toContain('<meta name="color-scheme" content="light dark">');
    expect(errorPage({ title: 'Oops', message: 'No.', homeHref: '/' })).toContain(
      '<script src="/theme.js"></script>',
    );
  });

  it('use the dark palette for data-theme="dark", and for a dark device when the script is missing', () => {
    const dark = palette(page, ':root[data-theme="dark"]');
    expect(dark.cream).toBe('#1D1510');
    expect(page).toContain('@media (prefers-color-scheme:dark){:root:not([data-theme]){color-scheme:dark;');
    expect(palette(page, ':root:not([data-theme])')).toEqual(dark);
  });

  it('take every colour from the palette (no light colour left fixed in a rule)', () => {
    const style = page.slice(page.indexOf('<style>'), page.indexOf('</style>'));
    const rules = style
      .split('\n')
      .filter((line) => !line.startsWith(':root') && !line.startsWith('@media (prefers'));
    expect(rules.join('\n')).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(/i);
  });

  it.each([
    ['light', ':root'],
    ['dark', ':root[data-theme="dark"]'],
  ])('read at WCAG AA in the %s theme', (_, selector) => {
    const p = palette(page, selector);
    const pairs: [string, string][] = [
      ['espresso', 'cream'],
      ['espresso', 'card'],
      ['espresso', 'field'],
      ['muted', 'card'],
      ['muted', 'cream'],
      ['brown', 'card'],
      ['brown-dark', 'card'],
      ['on-brown', 'brown'],
      ['on-brown', 'brown-dark'],
      ['red', 'red-bg'],
    ];
    for (const [text, background] of pairs) {
      expect(contrast(p[text]!, p[background]!), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
