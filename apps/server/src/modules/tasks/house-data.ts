import type { ExportTask, ExportTasks } from '@hearth/contract';
import { AwayInput, TaskInput } from '@hearth/contract';
import { rowsOfHouse } from '../../core/house-rows.js';
import { ImportCheck } from '../../core/import-check.js';
import type { HouseDataHook } from '../../core/module.js';
import { parseInstant } from '../../lib/iso-instant.js';
import { pauses } from '../../lib/pauses.js';
import { parseAwayDates } from './away-input.js';
import { repeatColumns } from './service.js';
import { parseTaskFields, parseTurnFields } from './task-input.js';

const refs = (ids: string) =>
  ids
    .split(',')
    .filter((s) => s !== '')
    .map(Number);

/**
 * The chores' part of the house export: each task with its history of dones and skips, and members' away
 * periods. People (pool, assignee, who did it) travel as document refs.
 */
export const tasksHouseData: HouseDataHook<'tasks'> = {
  section: 'tasks',

  async hasData(houseId, trx) {
    const task = await trx
      .selectFrom('tasks')
      .select('task_id')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    if (task) return true;
    const away = await trx
      .selectFrom('away_periods')
      .select('away_id')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return away !== undefined;
  },

  async export(houseId, trx, people) {
    const tasks = await rowsOfHouse(trx, 'tasks', houseId, 'task_id');
    const history = await rowsOfHouse(trx, 'task_history', houseId, 'history_id');
    const away = await rowsOfHouse(trx, 'away_periods', houseId, 'away_id');
    return {
      tasks: tasks.map((t) => ({
        title: t.title,
        notes: t.notes,
        effort: t.effort,
        time_zone: t.time_zone,
        due_at: t.due_at,
        anchor_at: t.anchor_at,
        repeat_every: t.repeat_every,
        repeat_interval: t.repeat_interval,
        repeat_weekdays: t.repeat_weekdays === null ? null : refs(t.repeat_weekdays),
        repeat_month_day: t.repeat_month_day,
        rotation: t.rotation,
        pool: refs(t.pool).map((id) => people.ref(id)),
        assignee: people.ref(t.assignee_id),
        completed: Boolean(t.completed),
        created_by: t.created_by === null ? null : people.ref(t.created_by),
        created_at: t.created_at,
        updated_at: t.updated_at,
        history: history
          .filter((h) => h.task_id === t.task_id)
          .map((h) => ({
            done_at: h.done_at,
            done_by: people.ref(h.done_by),
            skipped: Boolean(h.skipped),
            effort: h.effort,
            prev_due_at: h.prev_due_at,
            prev_assignee: people.ref(h.prev_assignee_id),
            prev_completed: Boolean(h.prev_completed),
          })),
      })),
      away_periods: away.map((a) => ({
        person: people.ref(a.user_id),
        starts_on: a.starts_on,
        ends_on: a.ends_on,
        created_at: a.created_at,
      })),
    };
  },

  async import(houseId, data: ExportTasks, people, trx) {
    // Every value is checked first, so a refused document writes nothing at all.
    // Checked in slices that let the event loop go, since a house may hold many thousands of records.
    const pause = pauses();
    const tasks: ReturnType<typeof checkTask>[] = [];
    for (const [i, t] of data.tasks.entries()) {
      tasks.push(checkTask(t, new ImportCheck(`data.tasks.tasks[${i}]`, TASK_NAMES)));
      await pause();
    }
    const away: ReturnType<typeof checkAway>[] = [];
    for (const [i, a] of data.away_periods.entries()) {
      away.push(checkAway(a, new ImportCheck(`data.tasks.away_periods[${i}]`)));
      await pause();
    }
    for (const [i, t] of data.tasks.entries()) {
      const c = tasks[i] as (typeof tasks)[number];
      const { task_id } = await trx
        .insertInto('tasks')
        .values({
          house_id: houseId,
          ...c.row,
          pool: t.pool.map((ref) => people.userId(ref)).join(','),
          assignee_id: people.userId(t.assignee),
          completed: t.completed ? 1 : 0,
          created_by: t.created_by === null ? null : people.userId(t.created_by),
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      for (const [j, h] of t.history.entries()) {
        const times = c.history[j] as (typeof c.history)[number];
        await trx
          .insertInto('task_history')
          .values({
            task_id,
            house_id: houseId,
            ...times,
            done_by: people.userId(h.done_by),
            skipped: h.skipped ? 1 : 0,
            effort: h.effort,
            prev_assignee_id: people.userId(h.prev_assignee),
            prev_completed: h.prev_completed ? 1 : 0,
          })
          .execute();
      }
    }
    for (const [i, a] of data.away_periods.entries()) {
      const c = away[i] as (typeof away)[number];
      await trx
        .insertInto('away_periods')
        .values({
          house_id: houseId,
          user_id: people.userId(a.person),
          starts_on: c.startsOn,
          ends_on: c.endsOn,
          created_at: c.created_at,
        })
        .execute();
    }
    return data.tasks.length;
  },
};

/** An away period through the API's own schema and date rules. */
function checkAway(a: ExportTasks['away_periods'][number], check: ImportCheck) {
  const input = check.schema(AwayInput, { starts_on: a.starts_on, ends_on: a.ends_on });
  return {
    ...check.rule(() => parseAwayDates(input)),
    created_at: check.rule(() => parseInstant(a.created_at, 'created_at')),
  };
}

/** The API's names of a task's fields, and the document's. */
const TASK_NAMES = [
  [/^repeat\.(every|interval|weekdays|month_day)/, 'repeat_$1'],
  [/^assignee_id/, 'assignee'],
] as const;

/** A task through the API's own rules: its schema, then the service's checks of fields and turns. */
function checkTask(t: ExportTask, check: ImportCheck) {
  const input = check.schema(TaskInput, {
    title: t.title,
    notes: t.notes,
    effort: t.effort,
    time_zone: t.time_zone,
    due_at: t.due_at,
    repeat: {
      every: t.repeat_every,
      interval: t.repeat_interval,
      weekdays: t.repeat_weekdays,
      month_day: t.repeat_month_day,
    },
    rotation: t.rotation,
    pool: t.pool,
    assignee_id: t.assignee,
  });
  const fields = check.rule(() => parseTaskFields(input, 'UTC'));
  const turns = check.rule(() => parseTurnFields(input));
  if (turns.pool.join(',') !== t.pool.join(',')) {
    throw check.refuse('pool', 'pool of a fixed rotation must name just its assignee.');
  }
  return {
    row: {
      title: fields.title,
      notes: fields.notes,
      effort: fields.effort,
      time_zone: fields.zone,
      due_at: fields.dueAt,
      anchor_at: check.rule(() => parseInstant(t.anchor_at, 'anchor_at')),
      ...repeatColumns(fields.repeat),
      rotation: turns.rotation,
      created_at: check.rule(() => parseInstant(t.created_at, 'created_at')),
      updated_at: check.rule(() => parseInstant(t.updated_at, 'updated_at')),
    },
    history: t.history.map((h, j) => {
      const at = check.at(`history[${j}]`);
      return {
        done_at: at.rule(() => parseInstant(h.done_at, 'done_at')),
        prev_due_at: at.rule(() => parseInstant(h.prev_due_at, 'prev_due_at')),
      };
    }),
  };
}
