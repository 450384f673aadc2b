import type { Member } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { initials, leaveConsequences, removalRule, removalState, timeZoneOptions } from './member-words';

const member = (id: number, overrides: Partial<Member> = {}): Member => ({
  user_id: id,
  username: `user${id}`,
  first_name: 'Ana',
  last_name: 'Lima',
  profile_img: null,
  joined_at: '2026-01-02T10:00:00.000Z',
  removal_requested_by: null,
  ...overrides,
});

describe('member words', () => {
  it('makes initials from the names, or the username', () => {
    expect(initials(member(1))).toBe('AL');
    expect(initials(member(1, { first_name: ' ', last_name: '' }))).toBe('U');
  });

  it('states the removal rule for the size of the house', () => {
    expect(removalRule(2)).toMatch(/at once/);
    expect(removalRule(3)).toMatch(/second member confirms/);
  });

  it('tells who asked for a removal', () => {
    const asker = member(2, { first_name: 'Ben', last_name: 'Ode' });
    const target = member(3, { removal_requested_by: 2 });
    const all = [member(1), asker, target];
    expect(removalState(member(1), 1, all)).toEqual({ kind: 'none' });
    expect(removalState(target, 2, all)).toEqual({ kind: 'asked-by-me' });
    expect(removalState(target, 1, all)).toEqual({ kind: 'asked-by-other', askedBy: 'Ben Ode' });
  });

  it('warns the last member that leaving deletes the house', () => {
    expect(leaveConsequences(2).join(' ')).not.toMatch(/deletes the house/);
    expect(leaveConsequences(1).join(' ')).toMatch(/deletes the house and all its data/);
  });

  it('always offers UTC and the current zone', () => {
    const zones = timeZoneOptions('Antarctica/Troll');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Antarctica/Troll');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
