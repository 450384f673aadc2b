import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AwaySpan,
  type Fairness,
  fairestMember,
  firstOnTurn,
  handOff,
  isAwayOn,
  nextInTurn,
} from './rotation.js';

const nobodyAway = () => false;
const noFairness: Fairness = { effortDone: new Map(), lastDidTask: new Map() };

/** A pool of 1-6 distinct member ids in turn order. */
const pool = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 });

describe('isAwayOn', () => {
  const spans: AwaySpan[] = [{ user_id: 7, starts_on: '2026-12-20', ends_on: '2026-12-27' }];

  it('includes both dates', () => {
    expect(isAwayOn(spans, 7, '2026-12-20')).toBe(true);
    expect(isAwayOn(spans, 7, '2026-12-27')).toBe(true);
    expect(isAwayOn(spans, 7, '2026-12-19')).toBe(false);
    expect(isAwayOn(spans, 7, '2026-12-28')).toBe(false);
    expect(isAwayOn(spans, 8, '2026-12-22')).toBe(false);
  });
});

describe('round robin', () => {
  it('passes the turn to the member after whoever did it', () => {
    expect(nextInTurn([3, 5, 9], 5, nobodyAway)).toBe(9);
    expect(nextInTurn([3, 5, 9], 9, nobodyAway)).toBe(3);
    expect(
      handOff({ rotation: 'round_robin', pool: [3, 5, 9], assigneeId: 3 }, 5, nobodyAway, noFairness),
    ).toBe(9);
  });

  it('starts at the head when the doer is not in the pool', () => {
    expect(nextInTurn([3, 5, 9], 42, nobodyAway)).toBe(3);
  });

  it('skips members who are away, and keeps the assignee when everyone is', () => {
    expect(nextInTurn([3, 5, 9], 3, (id) => id === 5)).toBe(9);
    const everyone = () => true;
    expect(
      handOff({ rotation: 'round_robin', pool: [3, 5, 9], assigneeId: 5 }, 5, everyone, noFairness),
    ).toBe(5);
  });

  it('gives every pool member exactly one turn per cycle when the assignee does each one', () => {
    fc.assert(
      fc.property(pool, fc.nat(), fc.integer({ min: 1, max: 5 }), (members, startAt, cycles) => {
        let assignee = firstOnTurn(
          'round_robin',
          members,
          members[startAt % members.length]!,
          nobodyAway,
          noFairness,
        );
        const turns = [assignee];
        for (let i = 1; i < members.length * cycles; i++) {
          assignee = handOff(
            { rotation: 'round_robin', pool: members, assigneeId: assignee },
            assignee,
            nobodyAway,
            noFairness,
          );
          turns.push(assignee);
        }
        for (let c = 0; c < cycles; c++) {
          const cycle = turns.slice(c * members.length, (c + 1) * members.length);
          expect([...cycle].sort()).toEqual([...members].sort());
        }
      }),
    );
  });

  it('after any sequence of completions, by anyone, hands the turn to the doer’s successor', () => {
    fc.assert(
      fc.property(pool, fc.array(fc.nat(), { maxLength: 30 }), (members, doers) => {
        let assignee = members[0]!;
        for (const pick of doers) {
          const doer = members[pick % members.length]!;
          assignee = handOff(
            { rotation: 'round_robin', pool: members, assigneeId: assignee },
            doer,
            nobodyAway,
            noFairness,
          );
          expect(assignee).toBe(members[(members.indexOf(doer) + 1) % members.length]);
        }
      }),
    );
  });
});

describe('fixed and skips', () => {
  it('keeps a fixed person whoever does it', () => {
    expect(handOff({ rotation: 'fixed', pool: [4], assigneeId: 4 }, 9, nobodyAway, noFairness)).toBe(4);
  });

  it('keeps the assignee on a skip', () => {
    expect(
      handOff({ rotation: 'round_robin', pool: [1, 2], assigneeId: 1 }, null, nobodyAway, noFairness),
    ).toBe(1);
    expect(handOff({ rotation: 'fairest', pool: [1, 2], assigneeId: 1 }, null, nobodyAway, noFairness)).toBe(
      1,
    );
  });
});

describe('fairest', () => {
  it('picks the least effort, then who did this task longest ago (never first), then pool order', () => {
    const fairness: Fairness = {
      effortDone: new Map([
        [1, 4],
        [2, 2],
        [3, 2],
        [4, 2],
      ]),
      lastDidTask: new Map([
        [2, 5_000],
        [3, 1_000],
      ]),
    };
    expect(fairestMember([1, 2, 3, 4], fairness, nobodyAway)).toBe(4);
    expect(fairestMember([1, 2, 3], fairness, nobodyAway)).toBe(3);
    expect(fairestMember([1, 2, 3], fairness, (id) => id === 3)).toBe(2);
    expect(fairestMember([1, 2], { effortDone: new Map(), lastDidTask: new Map() }, nobodyAway)).toBe(1);
  });

  it('keeps the spread of effort between always-present members within the largest task effort', () => {
    // Several fairest tasks share the house; after each completion (by the task's assignee) every
    // fairest task is re-picked from the new totals, as the service does. One extra member comes and goes.
    const scenario = fc.record({
      present: fc.integer({ min: 2, max: 5 }),
      efforts: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 6 }),
      steps: fc.array(fc.record({ task: fc.nat(), extraAway: fc.boolean() }), {
        minLength: 1,
        maxLength: 80,
      }),
    });
    fc.assert(
      fc.property(scenario, ({ present, efforts, steps }) => {
        const members = Array.from({ length: present + 1 }, (_, i) => i + 1);
        const extra = members.at(-1)!;
        const alwaysPresent = members.slice(0, -1);
        const effortDone = new Map<number, number>();
        const lastDid = efforts.map(() => new Map<number, number>());
        let extraAway = false;
        const away = (id: number) => id === extra && extraAway;
        const pickAll = () =>
          efforts.map((_, t) => fairestMember(members, { effortDone, lastDidTask: lastDid[t]! }, away)!);
        let assignees = pickAll();
        const largest = Math.max(...efforts);
        steps.forEach((step, time) => {
          const t = step.task % efforts.length;
          const doer = assignees[t]!;
          effortDone.set(doer, (effortDone.get(doer) ?? 0) + efforts[t]!);
          lastDid[t]!.set(doer, time);
          extraAway = step.extraAway;
          assignees = pickAll();
          const totals = alwaysPresent.map((id) => effortDone.get(id) ?? 0);
          expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(largest);
        });
      }),
    );
  });
});

describe('away skipping', () => {
  it('never assigns someone away on the due date while a pool member is not', () => {
    fc.assert(
      fc.property(
        pool,
        fc.constantFrom('round_robin' as const, 'fairest' as const),
        fc.nat(),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 6, maxLength: 6 }),
        (members, rotation, pick, awayFlags, efforts) => {
          const awaySet = new Set(members.filter((_, i) => awayFlags[i]));
          const away = (id: number) => awaySet.has(id);
          const fairness: Fairness = {
            effortDone: new Map(members.map((id, i) => [id, efforts[i]!])),
            lastDidTask: new Map(),
          };
          const current = members[pick % members.length]!;
          const doer = members[(pick + 1) % members.length]!;
          const next = handOff({ rotation, pool: members, assigneeId: current }, doer, away, fairness);
          const first = firstOnTurn(rotation, members, current, away, fairness);
          if (members.some((id) => !away(id))) {
            expect(away(next)).toBe(false);
            expect(away(first)).toBe(false);
          } else {
            expect(next).toBe(current);
            expect(first).toBe(current);
          }
          expect(members).toContain(next);
        },
      ),
    );
  });
});
