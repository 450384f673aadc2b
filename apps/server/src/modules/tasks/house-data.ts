import type { ExportTasks } from '@hearth/contract';
import type { HouseDataHook } from '../../core/module.js';

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
    const tasks = await trx
      .selectFrom('tasks')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('task_id')
      .execute();
    const history = await trx
      .selectFrom('task_history')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('history_id')
      .execute();
    const away = await trx
      .selectFrom('away_periods')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('away_id')
      .execute();
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
    for (const t of data.tasks) {
      const { task_id } = await trx
        .insertInto('tasks')
        .values({
          house_id: houseId,
          title: t.title,
          notes: t.notes,
          effort: t.effort,
          time_zone: t.time_zone,
          due_at: t.due_at,
          anchor_at: t.anchor_at,
          repeat_every: t.repeat_every,
          repeat_interval: t.repeat_interval,
          repeat_weekdays: t.repeat_weekdays === null ? null : t.repeat_weekdays.join(','),
          repeat_month_day: t.repeat_month_day,
          rotation: t.rotation,
          pool: t.pool.map((ref) => people.userId(ref)).join(','),
          assignee_id: people.userId(t.assignee),
          completed: t.completed ? 1 : 0,
          created_by: t.created_by === null ? null : people.userId(t.created_by),
          created_at: t.created_at,
          updated_at: t.updated_at,
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      for (const h of t.history) {
        await trx
          .insertInto('task_history')
          .values({
            task_id,
            house_id: houseId,
            done_at: h.done_at,
            done_by: people.userId(h.done_by),
            skipped: h.skipped ? 1 : 0,
            effort: h.effort,
            prev_due_at: h.prev_due_at,
            prev_assignee_id: people.userId(h.prev_assignee),
            prev_completed: h.prev_completed ? 1 : 0,
          })
          .execute();
      }
    }
    for (const a of data.away_periods) {
      await trx
        .insertInto('away_periods')
        .values({
          house_id: houseId,
          user_id: people.userId(a.person),
          starts_on: a.starts_on,
          ends_on: a.ends_on,
          created_at: a.created_at,
        })
        .execute();
    }
    return data.tasks.length;
  },
};
