import { describe, expect, it } from 'vitest';
import { fairnessBars } from './fairness-bars';

const names: Record<number, string> = { 1: 'Ana', 2: 'Bo', 3: 'Cy' };

describe('fairnessBars', () => {
  it('scales against the busiest member and sorts most effort first', () => {
    const bars = fairnessBars(
      [
        { user_id: 1, done_count: 1, effort_done: 2 },
        { user_id: 2, done_count: 3, effort_done: 8 },
        { user_id: 3, done_count: 0, effort_done: 0 },
      ],
      (id) => names[id]!,
    );
    expect(bars.map((b) => [b.name, b.percent])).toEqual([
      ['Bo', 100],
      ['Ana', 25],
      ['Cy', 0],
    ]);
  });

  it('draws empty bars when nobody has done anything', () => {
    const bars = fairnessBars(
      [
        { user_id: 2, done_count: 0, effort_done: 0 },
        { user_id: 1, done_count: 0, effort_done: 0 },
      ],
      (id) => names[id]!,
    );
    expect(bars.map((b) => [b.name, b.percent])).toEqual([
      ['Ana', 0],
      ['Bo', 0],
    ]);
  });
});
