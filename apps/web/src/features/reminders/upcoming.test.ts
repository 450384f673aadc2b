import type { Reminder } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { upcomingReminders } from './upcoming';

const reminder = (id: number, next: string, overrides: Partial<Reminder> = {}): Reminder => ({
  reminder_id: id,
  title: `Reminder ${id}`,
  description: null,
  remind_time: next,
  repeat_interval: null,
  time_zone: 'Europe/Berlin',
  next_remind_time: next,
  ...overrides,
});

describe('upcomingReminders (Home: next 7 days)', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');

  it('keeps next occurrences within now .. now + 7 days, soonest first', () => {
    const list = [
      reminder(1, '2026-11-29T12:00:00.000Z'), // exactly 7 days ahead: in
      reminder(2, '2026-11-22T11:59:59.000Z'), // a one-off just passed: out
      reminder(3, '2026-11-23T08:00:00.000Z'),
      reminder(4, '2026-11-29T12:00:01.000Z'), // just beyond the window: out
      reminder(5, '2026-11-22T12:00:00.000Z'), // now: in
    ];
    expect(upcomingReminders(list, now).map((r) => r.reminder_id)).toEqual([5, 3, 1]);
  });

  it('includes a series started long ago by its next occurrence', () => {
    const daily = reminder(7, '2026-11-23T07:00:00.000Z', {
      remind_time: '2025-01-01T07:00:00.000Z',
      repeat_interval: 'Daily',
    });
    expect(upcomingReminders([daily], now)).toEqual([daily]);
  });

  it('orders reminders due at the same instant by id', () => {
    const at = '2026-11-24T09:00:00.000Z';
    expect(upcomingReminders([reminder(9, at), reminder(2, at)], now).map((r) => r.reminder_id)).toEqual([
      2, 9,
    ]);
  });
});
