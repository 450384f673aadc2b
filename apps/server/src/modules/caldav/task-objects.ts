import type { TaskInput } from '@hearth/contract';
import type { UserRow } from '../../db/tables.js';
import type { TasksService } from '../tasks/index.js';
import { davNotFound, invalidObject } from './errors.js';
import { readTodoObject } from './ical-in.js';
import {
  type Conditions,
  checkWrite,
  identityOfUser,
  listedOne,
  removeObject,
  rendered,
  serviceCall,
  todoCalendar,
  todoHead,
  todoText,
  uidOwner,
  utc,
} from './objects-common.js';
import type { CaldavTasksRepository, TaskObjectRow } from './repository.js';

export interface TodoObject {
  name: string;
  etag: string;
  text: string;
  taskId: number;
  row: TaskObjectRow;
}

/** The UID Hearth gives a task's to-do. */
export const taskUid = (taskId: number, host: string) => `task-${taskId}@${host}`;

/**
 * The house's open tasks as to-dos, made from the tasks table on every request: the current occurrence's
 * due time, whose turn it is and the notes. Ticking one off is Done through the tasks service (rotation,
 * away rules, history, fairness); the to-do then shows the next occurrence.
 */
export class TaskObjects {
  constructor(
    private readonly repo: CaldavTasksRepository,
    private readonly tasks: TasksService,
    private readonly publicUrl: string,
  ) {}

  private readonly host = () => new URL(this.publicUrl).host;

  async list(houseId: number, taskIds?: readonly number[]): Promise<TodoObject[]> {
    const rows = await this.repo.rows(houseId, taskIds);
    return rows.map((row) => ({
      ...rendered(row.href_name ?? `task-${row.task_id}.ics`, this.render(row)),
      taskId: row.task_id,
      row,
    }));
  }

  async find(houseId: number, name: string): Promise<TodoObject | undefined> {
    return listedOne(await this.repo.taskByHref(houseId, name), (ids) => this.list(houseId, ids));
  }

  private render(row: TaskObjectRow): string {
    const root = todoCalendar('-//Hearth//House Tasks//EN');
    const todo = todoHead(row, row.uid ?? taskUid(row.task_id, this.host()), row.notes);
    todo.addPropertyWithValue('due', utc(row.due_at));
    todo.addPropertyWithValue('status', 'NEEDS-ACTION');
    todo.addPropertyWithValue('x-hearth-assignee', row.assignee_first_name || row.assignee_username);
    todo.addPropertyWithValue('x-hearth-assignee-id', String(row.assignee_id));
    todo.addPropertyWithValue('url', `${this.publicUrl}/tasks`);
    return todoText(root, todo, row.extra);
  }

  private uidOwner(houseId: number, uid: string): Promise<number | undefined> {
    return uidOwner(
      uid,
      'task',
      this.host(),
      (u) => this.repo.taskByUid(houseId, u),
      (id) => this.repo.taskByHref(houseId, `task-${id}.ics`),
    );
  }

  /**
   * A to-do from an app: a new one is a one-off task of its creator's; a changed title, notes or due time
   * edits the task; ticked off, it is Done by that person.
   */
  async put(
    user: UserRow,
    house: { house_id: number; time_zone: string },
    name: string,
    body: string,
    conditions: Conditions,
  ): Promise<{ created: boolean }> {
    const todo = readTodoObject(body, house.time_zone);
    if (todo.title.trim() === '') throw invalidObject('A to-do needs a SUMMARY (its title).');
    const existing = await this.find(house.house_id, name);
    await checkWrite(
      existing,
      existing?.taskId,
      conditions,
      () => this.uidOwner(house.house_id, todo.uid),
      `The UID ${todo.uid} belongs to another to-do of this calendar.`,
    );
    const identity = identityOfUser(user);
    const taskId = await serviceCall(async () => {
      if (!existing) {
        const made = await this.tasks.create(identity, {
          title: todo.title,
          notes: todo.notes,
          due_at: todo.due ?? new Date().toISOString(),
          time_zone: house.time_zone,
          rotation: 'fixed',
          assignee_id: user.user_id,
        });
        return made.task_id;
      }
      const row = existing.row;
      const changed =
        row.title !== todo.title.trim() ||
        (row.notes ?? null) !== (todo.notes?.trim() || null) ||
        (todo.due !== null && todo.due !== row.due_at);
      // Ticked off as it was: no edit first (the phone sends the to-do as it knew it).
      if (changed && !(todo.completedAt && todo.due === row.due_at)) {
        const current = (await this.tasks.list(identity)).find((t) => t.task_id === row.task_id);
        if (!current) throw davNotFound();
        const input: TaskInput = {
          title: todo.title,
          notes: todo.notes,
          effort: current.effort,
          time_zone: current.time_zone,
          due_at: todo.due ?? current.due_at,
          repeat: current.repeat,
          rotation: current.rotation,
          pool: current.pool,
          assignee_id: current.assignee_id,
        };
        await this.tasks.update(identity, row.task_id, input);
      }
      return row.task_id;
    });
    await this.repo.save({
      task_id: taskId,
      house_id: house.house_id,
      href_name: name === `task-${taskId}.ics` ? null : name,
      uid: todo.uid === taskUid(taskId, this.host()) ? null : todo.uid,
      extra: JSON.stringify(todo.extra),
    });
    if (todo.completedAt) {
      const doneAt = Date.parse(todo.completedAt) > Date.now() ? undefined : todo.completedAt;
      await serviceCall(() => this.tasks.done(identity, taskId, doneAt ? { done_at: doneAt } : {}));
    }
    return { created: !existing };
  }

  async remove(user: UserRow, houseId: number, name: string, conditions: Conditions): Promise<void> {
    await removeObject(await this.find(houseId, name), conditions, (found) =>
      this.tasks.remove(identityOfUser(user), found.taskId),
    );
  }
}
