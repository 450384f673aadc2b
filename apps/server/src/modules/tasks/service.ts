import type {
  AwayInput,
  AwayPeriod,
  HouseEventType,
  LiveAction,
  Rotation,
  Task,
  TaskDoneInput,
  TaskHistoryItem,
  TaskHistoryQuery,
  TaskInput,
  TaskMember,
  TaskMemberStats,
} from '@hearth/contract';
import { TASK_FAIRNESS_DAYS, TASK_HISTORY_LIMIT_DEFAULT } from '@hearth/contract';
import type { HouseEvents } from '../../core/house-events.js';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { houseRequired, notFound, validationError } from '../../lib/errors.js';
import { parseAwayDates } from './away-input.js';
import { firstOccurrence, localDate, nextDue, type RepeatRule, type Schedule } from './repeat.js';
import type { TaskRecord, TasksRepository } from './repository.js';
import {
  type AwaySpan,
  type Fairness,
  fairestMember,
  firstOnTurn,
  handOff,
  isAwayOn,
  nextInTurn,
} from './rotation.js';
import type { TaskRow } from './tables.js';
import { parseDoneAt, parseTaskFields, parseTurnFields, type TurnFields } from './task-input.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_TIME_ZONE = 'UTC';

const tasksNeedHouse = () => houseRequired('You need to join a house before using tasks.');
const taskNotFound = () => notFound('Task');
const awayNotFound = () => notFound('Away period');
const noFairness: Fairness = { effortDone: new Map(), lastDidTask: new Map() };

function ruleOf(row: TaskRow): RepeatRule {
  return {
    every: row.repeat_every as RepeatRule['every'],
    interval: row.repeat_interval,
    weekdays: row.repeat_weekdays ? row.repeat_weekdays.split(',').map(Number) : null,
    month_day: row.repeat_month_day,
  };
}

const poolOf = (row: TaskRow) => row.pool.split(',').map(Number);
const scheduleOf = (row: TaskRow): Schedule => ({
  repeat: ruleOf(row),
  zone: row.time_zone,
  anchorAt: row.anchor_at,
});

/**
 * Who is away on the local date of `dueAt` in `zone`. The date is worked out only for someone who has
 * away periods at all, which keeps a long list cheap to answer.
 */
function awayOn(spans: readonly AwaySpan[], dueAt: string, zone: string) {
  let date: string | undefined;
  return (userId: number) => {
    if (!spans.some((span) => span.user_id === userId)) return false;
    date ??= localDate(dueAt, zone);
    return isAwayOn(spans, userId, date);
  };
}

/**
 * Who cannot take a turn due at `dueAt`: anyone away that day, and anyone who has left the house since
 * the pool was set.
 */
function unavailableOn(
  spans: readonly AwaySpan[],
  members: ReadonlySet<number>,
  dueAt: string,
  zone: string,
) {
  const away = awayOn(spans, dueAt, zone);
  return (userId: number) => !members.has(userId) || away(userId);
}

export function toTask(row: TaskRecord, spans: readonly AwaySpan[], now: Date): Task {
  const completed = Boolean(row.completed);
  return {
    task_id: row.task_id,
    title: row.title,
    notes: row.notes,
    effort: row.effort,
    time_zone: row.time_zone,
    due_at: row.due_at,
    repeat: ruleOf(row),
    rotation: row.rotation as Rotation,
    pool: poolOf(row),
    assignee_id: row.assignee_id,
    assignee_away: awayOn(spans, row.due_at, row.time_zone)(row.assignee_id),
    overdue: !completed && Date.parse(row.due_at) < now.getTime(),
    completed,
    last_done_at: row.last_done_at,
    last_done_by: row.last_done_by,
  };
}

/**
 * Tasks belong to a house: every member reads them, changes them and marks them done; anyone else gets
 * 404 for every id. Away periods are shown to the house, and each member adds and removes only their own.
 * Every change is published on the house's live stream after it is committed.
 */
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly houseEvents: HouseEvents,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private member(identity: Identity) {
    return this.membership.house(identity, tasksNeedHouse);
  }

  private publish(
    houseId: number,
    actorId: number,
    entity: 'task' | 'away_period',
    action: LiveAction,
    id: number,
  ) {
    return this.live.publish(houseId, { kind: 'tasks', entity, action, id, actor_id: actorId });
  }

  /** Effort done in the house over the fairness window, and when each member last did each task. */
  private async fairness(repo: TasksRepository, houseId: number, taskIds: number[], now: Date) {
    const since = new Date(now.getTime() - TASK_FAIRNESS_DAYS * DAY_MS).toISOString();
    const [effort, lastDid] = await Promise.all([
      repo.effortSince(houseId, since),
      repo.lastDidByMember(houseId, taskIds),
    ]);
    const effortDone = new Map(effort.map((e) => [e.user_id, e.effort_done]));
    return (taskId: number | null): Fairness => ({
      effortDone,
      lastDidTask: new Map(
        lastDid.filter((l) => l.task_id === taskId).map((l) => [l.done_by, Date.parse(l.done_at)]),
      ),
    });
  }

  /**
   * Reads the task as the API answers it and announces it to the house's webhooks, inside the change's
   * transaction so the announcement commits with it.
   */
  private async announce(
    repo: TasksRepository,
    houseId: number,
    user: UserRow,
    type: HouseEventType,
    taskId: number,
  ): Promise<Task> {
    const task = await this.read(repo, houseId, taskId);
    await this.houseEvents.emit(houseId, user, type, task, repo.db);
    return task;
  }

  private async read(repo: TasksRepository, houseId: number, taskId: number): Promise<Task> {
    const [row, spans] = await Promise.all([repo.findTask(taskId, houseId), repo.awayPeriods(houseId)]);
    if (!row) throw taskNotFound();
    return toTask(row, spans, this.clock());
  }

  private async checkMembers(houseId: number, turns: TurnFields) {
    if (turns.rotation === 'fixed') {
      await this.membership.requireMembers(houseId, turns.pool, 'assignee_id');
    } else {
      await this.membership.requireMembers(houseId, turns.pool, 'pool');
    }
  }

  /** The house's open tasks, soonest due first: two queries however many tasks and how much history. */
  async list(identity: Identity): Promise<Task[]> {
    const { houseId } = await this.member(identity);
    const [rows, spans] = await Promise.all([this.tasks.openTasks(houseId), this.tasks.awayPeriods(houseId)]);
    const now = this.clock();
    return rows.map((row) => toTask(row, spans, now));
  }

  async create(identity: Identity, input: TaskInput): Promise<Task> {
    const { user, houseId } = await this.member(identity);
    const fields = parseTaskFields(input, DEFAULT_TIME_ZONE);
    const turns = parseTurnFields(input);
    await this.checkMembers(houseId, turns);
    const now = this.clock();
    const dueAt = firstOccurrence(fields.repeat, fields.dueAt, fields.zone);
    const spans = await this.tasks.awayPeriods(houseId);
    const fairness =
      turns.rotation === 'fairest' ? (await this.fairness(this.tasks, houseId, [], now))(null) : noFairness;
    const assignee = firstOnTurn(
      turns.rotation,
      turns.pool,
      turns.chosen,
      awayOn(spans, dueAt, fields.zone),
      fairness,
    );
    const stamp = now.toISOString();
    const task = await this.tasks.transaction(async (repo) => {
      const taskId = await repo.insertTask({
        house_id: houseId,
        title: fields.title,
        notes: fields.notes,
        effort: fields.effort,
        time_zone: fields.zone,
        due_at: dueAt,
        anchor_at: dueAt,
        ...repeatColumns(fields.repeat),
        rotation: turns.rotation,
        pool: turns.pool.join(','),
        assignee_id: assignee,
        completed: 0,
        created_by: user.user_id,
        created_at: stamp,
        updated_at: stamp,
      });
      return this.announce(repo, houseId, user, 'task.created', taskId);
    });
    await this.publish(houseId, user.user_id, 'task', 'created', task.task_id);
    return task;
  }

  /**
   * Replaces the task's fields; a missing time_zone keeps the one it has. The series starts afresh at the
   * new due time. Round robin without assignee_id keeps whoever is on turn when they are still in the pool.
   */
  async update(identity: Identity, taskId: number, input: TaskInput): Promise<Task> {
    const { user, houseId } = await this.member(identity);
    const existing = await this.tasks.findTask(taskId, houseId);
    if (!existing) throw taskNotFound();
    const fields = parseTaskFields(input, existing.time_zone);
    const turns = parseTurnFields(input);
    await this.checkMembers(houseId, turns);
    const now = this.clock();
    const dueAt = firstOccurrence(fields.repeat, fields.dueAt, fields.zone);
    const spans = await this.tasks.awayPeriods(houseId);
    const fairness =
      turns.rotation === 'fairest'
        ? (await this.fairness(this.tasks, houseId, [taskId], now))(taskId)
        : noFairness;
    const starter = turns.chosen ?? (turns.pool.includes(existing.assignee_id) ? existing.assignee_id : null);
    const assignee = firstOnTurn(
      turns.rotation,
      turns.pool,
      starter,
      awayOn(spans, dueAt, fields.zone),
      fairness,
    );
    const task = await this.tasks.transaction(async (repo) => {
      const updated = await repo.updateTask(taskId, houseId, {
        title: fields.title,
        notes: fields.notes,
        effort: fields.effort,
        time_zone: fields.zone,
        due_at: dueAt,
        anchor_at: dueAt,
        ...repeatColumns(fields.repeat),
        rotation: turns.rotation,
        pool: turns.pool.join(','),
        assignee_id: assignee,
        updated_at: now.toISOString(),
      });
      if (!updated) throw taskNotFound();
      return this.announce(repo, houseId, user, 'task.updated', taskId);
    });
    await this.publish(houseId, user.user_id, 'task', 'updated', taskId);
    return task;
  }

  async remove(identity: Identity, taskId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    await this.tasks.transaction(async (repo) => {
      if (!(await repo.deleteTask(taskId, houseId))) throw taskNotFound();
      await this.houseEvents.emit(houseId, user, 'task.deleted', { task_id: taskId }, repo.db);
    });
    await this.publish(houseId, user.user_id, 'task', 'deleted', taskId);
  }

  /**
   * Records that the caller did the current occurrence and hands the next one on. A one-off task is
   * finished and leaves the list. Fairest tasks across the house are re-picked, as effort totals moved.
   */
  async done(identity: Identity, taskId: number, input: TaskDoneInput): Promise<Task> {
    const { user, houseId } = await this.member(identity);
    const now = this.clock();
    const doneAt = parseDoneAt(input.done_at, now);
    const answer = await this.tasks.transaction(async (repo) => {
      const task = await this.openTask(repo, taskId, houseId);
      await repo.insertHistory({
        ...this.undoPoint(task),
        done_at: doneAt.toISOString(),
        done_by: user.user_id,
        skipped: false,
        effort: task.effort,
      });
      const next = nextDue(scheduleOf(task), task.due_at, now, doneAt);
      if (next === null) {
        await repo.updateTask(taskId, houseId, { completed: 1, updated_at: now.toISOString() });
      } else {
        const [spans, members] = await Promise.all([repo.awayPeriods(houseId), repo.memberIds(houseId)]);
        const fairness =
          task.rotation === 'fairest'
            ? (await this.fairness(repo, houseId, [taskId], now))(taskId)
            : noFairness;
        const assignee = handOff(
          { rotation: task.rotation as Rotation, pool: poolOf(task), assigneeId: task.assignee_id },
          user.user_id,
          unavailableOn(spans, members, next, task.time_zone),
          fairness,
        );
        await repo.updateTask(taskId, houseId, {
          due_at: next,
          assignee_id: assignee,
          updated_at: now.toISOString(),
        });
      }
      await this.rebalanceFairest(repo, houseId, now, taskId);
      return this.announce(repo, houseId, user, 'task.done', taskId);
    });
    await this.publish(houseId, user.user_id, 'task', 'updated', taskId);
    return answer;
  }

  /** Moves a repeating task to its next occurrence with the same assignee, crediting nobody. */
  async skip(identity: Identity, taskId: number): Promise<Task> {
    const { user, houseId } = await this.member(identity);
    const now = this.clock();
    const answer = await this.tasks.transaction(async (repo) => {
      const task = await this.openTask(repo, taskId, houseId);
      const next = nextDue(scheduleOf(task), task.due_at, now);
      if (next === null) {
        throw validationError('repeat', 'A task that does not repeat has no next time to skip to.');
      }
      await repo.insertHistory({
        ...this.undoPoint(task),
        done_at: now.toISOString(),
        done_by: user.user_id,
        skipped: true,
        effort: 0,
      });
      await repo.updateTask(taskId, houseId, { due_at: next, updated_at: now.toISOString() });
      return this.announce(repo, houseId, user, 'task.skipped', taskId);
    });
    await this.publish(houseId, user.user_id, 'task', 'updated', taskId);
    return answer;
  }

  /** Reverts the task's newest done or skip and removes it from the history; again walks further back. */
  async undo(identity: Identity, taskId: number): Promise<Task> {
    const { user, houseId } = await this.member(identity);
    const now = this.clock();
    const answer = await this.tasks.transaction(async (repo) => {
      const task = await repo.findTask(taskId, houseId);
      if (!task) throw taskNotFound();
      const newest = await repo.newestHistory(taskId, houseId);
      if (!newest) throw validationError('task_id', 'There is nothing to undo for this task.');
      await repo.updateTask(taskId, houseId, {
        due_at: newest.prev_due_at,
        assignee_id: newest.prev_assignee_id,
        completed: newest.prev_completed ? 1 : 0,
        updated_at: now.toISOString(),
      });
      await repo.deleteHistory(newest.history_id);
      if (!newest.skipped) await this.rebalanceFairest(repo, houseId, now, taskId);
      return this.announce(repo, houseId, user, 'task.updated', taskId);
    });
    await this.publish(houseId, user.user_id, 'task', 'updated', taskId);
    return answer;
  }

  async history(identity: Identity, taskId: number, query: TaskHistoryQuery): Promise<TaskHistoryItem[]> {
    const { houseId } = await this.member(identity);
    if (!(await this.tasks.findTask(taskId, houseId))) throw taskNotFound();
    return this.tasks.history(taskId, houseId, query.limit ?? TASK_HISTORY_LIMIT_DEFAULT, query.before);
  }

  /** Every member's dones and effort over the last `days` days, zero included, oldest member first. */
  async stats(identity: Identity, days = TASK_FAIRNESS_DAYS): Promise<TaskMemberStats[]> {
    const { houseId } = await this.member(identity);
    const since = new Date(this.clock().getTime() - days * DAY_MS).toISOString();
    const [members, effort] = await Promise.all([
      this.membership.memberIds(houseId),
      this.tasks.effortSince(houseId, since),
    ]);
    const byUser = new Map(effort.map((e) => [e.user_id, e]));
    return members.map((userId) => ({
      user_id: userId,
      done_count: byUser.get(userId)?.done_count ?? 0,
      effort_done: byUser.get(userId)?.effort_done ?? 0,
    }));
  }

  async members(identity: Identity): Promise<TaskMember[]> {
    const { houseId } = await this.member(identity);
    return this.tasks.members(houseId);
  }

  async awayPeriods(identity: Identity): Promise<AwayPeriod[]> {
    const { houseId } = await this.member(identity);
    return this.tasks.awayPeriods(houseId);
  }

  /**
   * Adds an away period for the caller and hands on the rotating tasks on their turn that fall due
   * while they are away (fixed tasks stay, and show that their person is away).
   */
  async addAway(identity: Identity, input: AwayInput): Promise<AwayPeriod> {
    const { user, houseId } = await this.member(identity);
    const { startsOn, endsOn } = parseAwayDates(input);
    const now = this.clock();
    const away = await this.tasks.transaction(async (repo) => {
      const added = await repo.insertAway(houseId, user.user_id, startsOn, endsOn);
      const mine = await repo.openRotatingTasksOf(houseId, user.user_id);
      if (mine.length === 0) return added;
      const [spans, members] = await Promise.all([repo.awayPeriods(houseId), repo.memberIds(houseId)]);
      const fairnessOf = await this.fairness(
        repo,
        houseId,
        mine.map((t) => t.task_id),
        now,
      );
      for (const task of mine) {
        if (!awayOn(spans, task.due_at, task.time_zone)(user.user_id)) continue;
        const isAway = unavailableOn(spans, members, task.due_at, task.time_zone);
        const next =
          task.rotation === 'round_robin'
            ? nextInTurn(poolOf(task), user.user_id, isAway)
            : fairestMember(poolOf(task), fairnessOf(task.task_id), isAway);
        if (next !== null && next !== task.assignee_id) {
          await repo.updateTask(task.task_id, houseId, { assignee_id: next, updated_at: now.toISOString() });
        }
      }
      return added;
    });
    await this.publish(houseId, user.user_id, 'away_period', 'created', away.away_id);
    return away;
  }

  /** Removes one of the caller's own away periods; anyone else's is not found. */
  async removeAway(identity: Identity, awayId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.tasks.deleteAway(awayId, houseId, user.user_id))) throw awayNotFound();
    await this.publish(houseId, user.user_id, 'away_period', 'deleted', awayId);
  }

  /** A task of the house that can still be done or skipped (a finished one-off cannot). */
  private async openTask(repo: TasksRepository, taskId: number, houseId: number): Promise<TaskRecord> {
    const task = await repo.findTask(taskId, houseId);
    if (!task) throw taskNotFound();
    if (task.completed) throw validationError('task_id', 'This task is already done.');
    return task;
  }

  /** The state a done or skip replaces, kept with it so undo can put it back. */
  private undoPoint(task: TaskRow) {
    return {
      task_id: task.task_id,
      house_id: task.house_id,
      prev_due_at: task.due_at,
      prev_assignee_id: task.assignee_id,
      prev_completed: Boolean(task.completed),
    };
  }

  /**
   * Gives every open fairest task of the house (but `except`, handed on already) to its fairest member
   * now, so whoever is behind takes the work wherever it is.
   */
  private async rebalanceFairest(repo: TasksRepository, houseId: number, now: Date, except: number) {
    const tasks = (await repo.openFairestTasks(houseId)).filter((t) => t.task_id !== except);
    if (tasks.length === 0) return;
    const [spans, members, fairnessOf] = await Promise.all([
      repo.awayPeriods(houseId),
      repo.memberIds(houseId),
      this.fairness(
        repo,
        houseId,
        tasks.map((t) => t.task_id),
        now,
      ),
    ]);
    for (const task of tasks) {
      const pick = fairestMember(
        poolOf(task),
        fairnessOf(task.task_id),
        unavailableOn(spans, members, task.due_at, task.time_zone),
      );
      if (pick !== null && pick !== task.assignee_id) {
        await repo.updateTask(task.task_id, houseId, { assignee_id: pick, updated_at: now.toISOString() });
      }
    }
  }
}

export function repeatColumns(rule: RepeatRule) {
  return {
    repeat_every: rule.every,
    repeat_interval: rule.interval,
    repeat_weekdays: rule.weekdays ? rule.weekdays.join(',') : null,
    repeat_month_day: rule.month_day,
  };
}
