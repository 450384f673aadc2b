import type { Task } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { filterTasks, groupOf, groupTasks, yourTasksNow } from './group-tasks';

// Monday 23 November 2026, 10:00 in Berlin.
const now = new Date('2026-11-23T09:00:00Z');
const zone = 'Europe/Berlin';

function task(
  task_id: number,
  due_at: string,
  assignee_id = 1,
  overdue = Date.parse(due_at) < now.getTime(),
): Task {
  return {
    task_id,
    title: `Task ${task_id}`,
    notes: null,
    effort: 1,
    time_zone: zone,
    due_at,
    repeat: { every: 'none', interval: null, weekdays: null, month_day: null },
    rotation: 'fixed',
    pool: [assignee_id],
    assignee_id,
    assignee_away: false,
    overdue,
    completed: false,
    last_done_at: null,
    last_done_by: null,
  };
}

describe('groupOf', () => {
  it('puts past due times in Overdue, even earlier today', () => {
    expect(groupOf(task(1, '2026-11-23T06:00:00Z'), now, zone)).toBe('overdue');
    expect(groupOf(task(1, '2026-11-01T06:00:00Z'), now, zone)).toBe('overdue');
  });

  it('splits the rest into Today, This week (the next seven days) and Later', () => {
    expect(groupOf(task(1, '2026-11-23T22:59:00Z'), now, zone)).toBe('today');
    expect(groupOf(task(1, '2026-11-23T23:00:00Z'), now, zone)).toBe('week');
    expect(groupOf(task(1, '2026-11-29T22:00:00Z'), now, zone)).toBe('week');
    expect(groupOf(task(1, '2026-11-30T08:00:00Z'), now, zone)).toBe('later');
  });

  it('trusts the server’s overdue flag', () => {
    expect(groupOf(task(1, '2026-11-23T17:00:00Z', 1, true), now, zone)).toBe('overdue');
  });
});

describe('groupTasks', () => {
  it('orders the groups and their tasks, and leaves out empty groups', () => {
    const groups = groupTasks(
      [
        task(1, '2026-12-20T08:00:00Z'),
        task(2, '2026-11-23T17:00:00Z'),
        task(3, '2026-11-23T12:00:00Z'),
        task(4, '2026-11-20T08:00:00Z'),
      ],
      now,
      zone,
    );
    expect(groups.map((g) => [g.label, g.tasks.map((t) => t.task_id)])).toEqual([
      ['Overdue', [4]],
      ['Today', [3, 2]],
      ['Later', [1]],
    ]);
  });
});

describe('filters', () => {
  const tasks = [
    task(1, '2026-11-22T08:00:00Z', 1),
    task(2, '2026-11-23T17:00:00Z', 2),
    task(3, '2026-11-23T18:00:00Z', 1),
  ];

  it('keeps the viewer’s tasks for Mine and all for Everyone', () => {
    expect(filterTasks(tasks, 'mine', 1).map((t) => t.task_id)).toEqual([1, 3]);
    expect(filterTasks(tasks, 'everyone', 1)).toHaveLength(3);
  });

  it('gives Home the viewer’s overdue and today’s tasks', () => {
    const later = task(4, '2026-11-28T08:00:00Z', 1);
    expect(yourTasksNow([...tasks, later], 1, now, zone).map((t) => t.task_id)).toEqual([1, 3]);
  });
});
