import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from './theme';

const css = readFileSync(join(import.meta.dirname, '../index.css'), 'utf8');

/** The `--color-*` values declared in the CSS block that starts with `opening`. */
function colours(opening: string): Record<string, string> {
  const start = css.indexOf(opening);
  expect(start, `${opening} is in index.css`).toBeGreaterThanOrEqual(0);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...body.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
  );
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return [n >> 16, (n >> 8) & 255, n & 255]
    .map((v) => v / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

const light = colours('@theme {');
const dark = { ...light, ...colours(':root[data-theme="dark"] {') };

// Text colours on the backgrounds the screens put them on.
const SURFACES = ['cream', 'surface', 'field', 'tan-light'];
const PAIRS: [string, string][] = [
  ...['espresso', 'muted', 'primary', 'danger', 'success'].flatMap((text) =>
    SURFACES.map((bg): [string, string] => [text, bg]),
  ),
  ['warning', 'surface'],
  ['warning', 'warning-bg'],
  ['danger', 'danger-bg'],
  ['espresso', 'tan'],
  ['cream', 'espresso'],
  ['cream', 'primary'],
  ...['primary', 'primary-hover', 'danger', 'success', 'warning', 'espresso'].map((bg): [string, string] => [
    'on-primary',
    bg,
  ]),
];

describe('the palette in index.css', () => {
  it('gives every light token a dark value', () => {
    expect(Object.keys(colours(':root[data-theme="dark"] {')).sort()).toEqual(Object.keys(light).sort());
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('reads at WCAG AA (4.5:1) in the %s theme', (_, palette) => {
    const low = PAIRS.map(([text, bg]) => ({
      text,
      bg,
      ratio: contrast(palette[text]!, palette[bg]!),
    })).filter((p) => p.ratio < 4.5);
    expect(low).toEqual([]);
  });

  it('stays warm in the dark theme: backgrounds lean red-brown, never grey-blue', () => {
    for (const token of ['cream', 'surface', 'field', 'tan-light', 'line']) {
      const n = Number.parseInt(dark[token]!.slice(1), 16);
      const [r, , b] = [n >> 16, (n >> 8) & 255, n & 255];
      expect(r, token).toBeGreaterThan(b!);
    }
    expect(THEME_COLORS.dark).toBe(dark.cream);
    expect(THEME_COLORS.light).toBe(light.primary);
  });
});
