import { foldLines } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldLine } from './feed.js';

/** Deterministic pseudo-random text from a mix of 1- to 4-byte characters, and broken surrogates. */
function sample(seed: number, length: number): string {
  const pieces = [
    'a',
    'Z',
    ' ',
    ',',
    ';',
    '\\',
    'é',
    'ß',
    'ω',
    '€',
    '中',
    '✓',
    '😀',
    '👩‍👩‍👧',
    '\ud800',
    '\udc00',
  ];
  let x = seed;
  let out = 'DESCRIPTION:';
  while (out.length < length) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += pieces[x % pieces.length];
  }
  return out;
}

describe('foldLine', () => {
  it('folds exactly like ical-generator foldLines', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const line = sample(seed, 20 + (seed % 300));
      expect(foldLine(line)).toBe(foldLines(line));
    }
  });

  it('leaves short lines alone and keeps every line within 75 octets', () => {
    expect(foldLine('SUMMARY:Dinner')).toBe('SUMMARY:Dinner');
    const folded = foldLine(`DESCRIPTION:${'ünïcödé '.repeat(40)}`);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((p, i) => (i === 0 ? p : p.slice(1)))
        .join(''),
    ).toBe(`DESCRIPTION:${'ünïcödé '.repeat(40)}`);
  });
});
