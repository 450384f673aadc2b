import type { Task, TaskMember } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { formFieldOf, repeatDaysAfterDue, repeatOf, taskFormValues, taskInputOf } from './task-form-values';

const member = (user_id: number, first_name: string): TaskMember => ({
  user_id,
  username: first_name.toLowerCase(),
  first_name,
  last_name: 'Doe',
  profile_img: null,
});
const members = [member(1, 'Ana'), member(2, 'Ben'), member(3, 'Cy')];
const DUE = '2026-11-26T18:00';
const DUE_AT = '2026-11-26T17:00:00.000Z';

describe('repeatDaysAfterDue', () => {
  it('moves the weekday and day of the month that followed the old due date', () => {
    // Thursday 26 November to Friday 4 December.
    expect(repeatDaysAfterDue({ weekdays: [4], month_day: '26' }, DUE, '2026-12-04T09:00')).toEqual({
      weekdays: [5],
      month_day: '4',
    });
  });

  it('keeps days the person chose', () => {
    expect(repeatDaysAfterDue({ weekdays: [1, 3], month_day: '-1' }, DUE, '2026-12-04T09:00')).toEqual({
      weekdays: [1, 3],
      month_day: '-1',
    });
    expect(repeatDaysAfterDue({ weekdays: [2], month_day: '15' }, DUE, '2026-12-04T09:00')).toEqual({
      weekdays: [2],
      month_day: '15',
    });
  });

  it('leaves the days alone while the due value is not a date', () => {
    expect(repeatDaysAfterDue({ weekdays: [4], month_day: '26' }, DUE, '')).toBeNull();
  });
});

describe('taskFormValues', () => {
  it('starts a new task as a one-off for the caller, due at the given time, everyone in the pool', () => {
    const values = taskFormValues(null, members, 2, DUE);
    expect(values).toMatchObject({
      title: '',
      effort: '1',
      due: DUE,
      every: 'none',
      interval: '1',
      // 26 November 2026 is a Thursday, the 26th.
      weekdays: [4],
      month_day: '26',
      rotation: 'fixed',
      assignee: '2',
    });
    expect(values.pool).toEqual([
      { user_id: 1, on: true },
      { user_id: 2, on: true },
      { user_id: 3, on: true },
    ]);
  });

  it('starts an edit from the task, its pool first in turn order', () => {
    const task = {
      task_id: 9,
      title: 'Bins',
      notes: null,
      effort: 3,
      due_at: DUE_AT,
      time_zone: 'Europe/Berlin',
      repeat: { every: 'weeks', interval: 2, weekdays: [1, 4], month_day: null },
      rotation: 'round_robin',
      pool: [3, 1],
      assignee_id: 1,
    } as Task;
    const values = taskFormValues(task, members, 2, DUE);
    expect(values).toMatchObject({
      effort: '3',
      every: 'weeks',
      interval: '2',
      weekdays: [1, 4],
      assignee: '1',
    });
    expect(values.pool).toEqual([
      { user_id: 3, on: true },
      { user_id: 1, on: true },
      { user_id: 2, on: false },
    ]);
  });
});

describe('taskInputOf', () => {
  const base = taskFormValues(null, members, 1, DUE);

  it('makes a fixed one-off task', () => {
    expect(taskInputOf({ ...base, title: '  Bins ', notes: ' ' }, DUE_AT, 'Europe/Berlin')).toEqual({
      title: 'Bins',
      notes: null,
      effort: 1,
      time_zone: 'Europe/Berlin',
      due_at: DUE_AT,
      repeat: { every: 'none' },
      rotation: 'fixed',
      assignee_id: 1,
    });
  });

  it('makes a round-robin weekly task over the chosen members in order', () => {
    const values = {
      ...base,
      title: 'Hoover',
      every: 'weeks' as const,
      interval: '2',
      weekdays: [4, 1],
      rotation: 'round_robin' as const,
      assignee: '3',
      pool: [
        { user_id: 3, on: true },
        { user_id: 2, on: false },
        { user_id: 1, on: true },
      ],
    };
    expect(taskInputOf(values, DUE_AT, 'UTC')).toMatchObject({
      repeat: { every: 'weeks', interval: 2, weekdays: [1, 4] },
      pool: [3, 1],
      assignee_id: 3,
    });
  });

  it('names the field of the first problem', () => {
    expect(taskInputOf({ ...base, title: ' ' }, DUE_AT, 'UTC')).toMatchObject({ field: 'title' });
    expect(taskInputOf({ ...base, title: 'x' }, null, 'UTC')).toMatchObject({ field: 'due' });
    expect(taskInputOf({ ...base, title: 'x', every: 'days', interval: '0' }, DUE_AT, 'UTC')).toMatchObject({
      field: 'interval',
    });
    expect(taskInputOf({ ...base, title: 'x', every: 'weeks', weekdays: [] }, DUE_AT, 'UTC')).toMatchObject({
      field: 'weekdays',
    });
    const nobody = base.pool.map((p) => ({ ...p, on: false }));
    expect(
      taskInputOf({ ...base, title: 'x', rotation: 'fairest', pool: nobody }, DUE_AT, 'UTC'),
    ).toMatchObject({
      field: 'pool',
    });
  });
});

describe('repeatOf and formFieldOf', () => {
  it('keeps only what applies, and maps API fields to form fields', () => {
    expect(repeatOf({ every: 'months', interval: '1', weekdays: [2], month_day: '-1' })).toEqual({
      every: 'months',
      interval: 1,
      month_day: -1,
    });
    expect(repeatOf({ every: 'days_after_done', interval: '3', weekdays: [], month_day: '1' })).toEqual({
      every: 'days_after_done',
      interval: 3,
    });
    expect(formFieldOf('repeat.weekdays')).toBe('weekdays');
    expect(formFieldOf('due_at')).toBe('due');
    expect(formFieldOf('time_zone')).toBeUndefined();
  });
});
