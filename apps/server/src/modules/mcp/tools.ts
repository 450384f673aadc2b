import {
  type GroceryItem,
  type GroceryList,
  McpAddExpense,
  McpAddGroceryItems,
  McpCheckGroceryItem,
  McpCompleteTask,
  McpCreateEvent,
  McpCreateReminder,
  McpListEvents,
  McpListTasks,
  McpNoInput,
  type Task,
} from '@hearth/contract';
import type { ServerT } from '@hearth/i18n/server';
import type { Static, TSchema } from 'typebox';
import type { Identity } from '../../core/identity.js';
import type { UserRow } from '../../db/tables.js';
import type { BillsService } from '../bills/index.js';
import type { EventsService } from '../events/index.js';
import type { GroceriesService } from '../groceries/index.js';
import type { RemindersService } from '../reminders/index.js';
import type { TasksService } from '../tasks/index.js';
import { type AnswerFormat, personName } from './format.js';
import type { HouseFacts } from './repository.js';

/** The services the tools go through: the same as the API's, so permissions, live updates and history apply. */
export interface McpServices {
  groceries: GroceriesService;
  events: EventsService;
  tasks: TasksService;
  reminders: RemindersService;
  bills: BillsService;
}

/** One call's caller and how to answer them. */
export interface ToolContext {
  identity: Identity;
  user: UserRow;
  /** The caller's house, null without one (the services then answer that a house is needed). */
  house: HouseFacts | null;
  t: ServerT;
  format: AnswerFormat;
  services: McpServices;
}

/** A tool the assistant may call: its input schema comes from the contract. */
export interface Tool<S extends TSchema = TSchema> {
  name: string;
  description: string;
  inputSchema: S;
  /** Changes something: not offered to (and refused for) a read token. */
  write: boolean;
  run(ctx: ToolContext, input: Static<S>): Promise<string>;
}

/** A refusal the assistant should read (a list that does not exist): answered as a tool error. */
export class ToolRefusal extends Error {}

const tool = <S extends TSchema>(t: Tool<S>): Tool => t as unknown as Tool;

const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) in a zone. */
function today(zone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
}

/** A date alone is its midnight, UTC; an instant is taken as it is. */
function instant(text: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : text;
}

const itemText = (item: GroceryItem) =>
  item.quantity ? `${item.quantity} ${item.grocery_item_name}` : item.grocery_item_name;

/** A person by name; the caller is "you" (as subject or, `object`, as in "paid by you": German says "dir"). */
function nameOf(ctx: ToolContext, userId: number, object = false): string {
  if (userId === ctx.user.user_id) return ctx.t(object ? 'assistant:youObject' : 'assistant:you');
  const person = ctx.house?.names.get(userId);
  return person ? personName(person) : `#${userId}`;
}

function findList(ctx: ToolContext, lists: GroceryList[], wanted: string): GroceryList {
  const key = wanted.trim().toLocaleLowerCase();
  const found =
    lists.find((l) => String(l.grocery_list_id) === key) ??
    lists.find((l) => l.grocery_list_name.trim().toLocaleLowerCase() === key);
  if (found) return found;
  throw new ToolRefusal(
    lists.length === 0
      ? ctx.t('assistant:listNotFoundNone', { list: wanted })
      : ctx.t('assistant:listNotFound', {
          list: wanted,
          names: ctx.format.list(lists.map((l) => l.grocery_list_name)),
        }),
  );
}

function taskLine(ctx: ToolContext, task: Task): string {
  return ctx.t('assistant:task', {
    title: task.title,
    assignee: nameOf(ctx, task.assignee_id),
    due: ctx.format.when(task.due_at),
    overdue: task.overdue ? 'yes' : 'no',
    id: task.task_id,
  });
}

export const TOOLS: readonly Tool[] = [
  tool({
    name: 'list_grocery_lists',
    description: "The house's grocery lists with their items (ids in brackets).",
    inputSchema: McpNoInput,
    write: false,
    async run(ctx) {
      const lists = await ctx.services.groceries.lists(ctx.identity);
      if (lists.length === 0) return ctx.t('assistant:noLists');
      return lists
        .flatMap((list) => [
          ctx.t('assistant:list', {
            name: list.grocery_list_name,
            id: list.grocery_list_id,
            count: list.items.length,
          }),
          ...list.items.map((item) =>
            ctx.t('assistant:item', {
              text: itemText(item),
              id: item.grocery_item_id,
              done: item.completed ? 'yes' : 'no',
            }),
          ),
        ])
        .join('\n');
    },
  }),
  tool({
    name: 'add_grocery_items',
    description:
      'Adds items to a grocery list, named or by id. Write each item as a person would ("2 kg potatoes", "milk"): the quantity is read out of the text.',
    inputSchema: McpAddGroceryItems,
    write: true,
    async run(ctx, input) {
      const list = findList(ctx, await ctx.services.groceries.lists(ctx.identity), input.list);
      const added: string[] = [];
      for (const text of input.items) {
        const item = await ctx.services.groceries.addItem(ctx.identity, {
          grocery_list_id: list.grocery_list_id,
          grocery_item_name: text,
        });
        added.push(itemText(item));
      }
      return ctx.t('assistant:itemsAdded', { list: list.grocery_list_name, items: ctx.format.list(added) });
    },
  }),
  tool({
    name: 'check_grocery_item',
    description: 'Ticks a grocery item off (or back on with done: false), by its id from list_grocery_lists.',
    inputSchema: McpCheckGroceryItem,
    write: true,
    async run(ctx, input) {
      const done = input.done ?? true;
      const item = await ctx.services.groceries.updateItem(ctx.identity, input.grocery_item_id, {
        completed: done,
      });
      return ctx.t(done ? 'assistant:itemChecked' : 'assistant:itemUnchecked', { name: itemText(item) });
    },
  }),
  tool({
    name: 'list_events',
    description: "The house calendar's events in a range (default: the next 7 days).",
    inputSchema: McpListEvents,
    write: false,
    async run(ctx, input) {
      const from = input.from ? instant(input.from) : new Date().toISOString();
      const to = input.to ? instant(input.to) : new Date(Date.parse(from) + 7 * DAY_MS).toISOString();
      const events = await ctx.services.events.list(ctx.identity, { from, to });
      const range = { from: ctx.format.when(from), to: ctx.format.when(to) };
      if (events.length === 0) return ctx.t('assistant:noEvents', range);
      return [
        ctx.t('assistant:eventsHeading', range),
        ...events.map((e) =>
          ctx.t('assistant:event', {
            when:
              e.all_day && e.start_date ? ctx.format.date(e.start_date) : ctx.format.when(e.start_datetime),
            title: e.title,
            location: e.location || 'none',
            id: e.event_id,
          }),
        ),
      ].join('\n');
    },
  }),
  tool({
    name: 'create_event',
    description:
      'Adds an event to the house calendar. Times are ISO-8601 instants with an offset; for all_day events the dates are read in time_zone (default: the house zone).',
    inputSchema: McpCreateEvent,
    write: true,
    async run(ctx, input) {
      const houseId = ctx.house?.houseId ?? 0;
      const event = await ctx.services.events.create(ctx.identity, {
        ...input,
        time_zone: input.time_zone ?? ctx.format.timeZone,
        house_id: houseId,
      });
      return ctx.t('assistant:eventCreated', {
        title: event.title,
        when:
          event.all_day && event.start_date
            ? ctx.format.date(event.start_date)
            : ctx.format.when(event.start_datetime),
        id: event.event_id,
      });
    },
  }),
  tool({
    name: 'list_tasks',
    description:
      "The house's open tasks: the person's own (mine, default), all, or those due by the end of today.",
    inputSchema: McpListTasks,
    write: false,
    async run(ctx, input) {
      const which = input.which ?? 'mine';
      const zone = ctx.format.timeZone;
      const day = today(zone);
      const tasks = (await ctx.services.tasks.list(ctx.identity)).filter((task) =>
        which === 'all'
          ? true
          : which === 'mine'
            ? task.assignee_id === ctx.user.user_id
            : today(zone, new Date(task.due_at)) <= day,
      );
      if (tasks.length === 0) return ctx.t('assistant:noTasks');
      return tasks.map((task) => taskLine(ctx, task)).join('\n');
    },
  }),
  tool({
    name: 'complete_task',
    description: 'Marks a task done (by its id from list_tasks); a repeating task moves on to its next turn.',
    inputSchema: McpCompleteTask,
    write: true,
    async run(ctx, input) {
      const task = await ctx.services.tasks.done(ctx.identity, input.task_id, {});
      if (task.completed) return ctx.t('assistant:taskDone', { title: task.title });
      return ctx.t('assistant:taskDoneNext', {
        title: task.title,
        assignee: nameOf(ctx, task.assignee_id),
        due: ctx.format.when(task.due_at),
      });
    },
  }),
  tool({
    name: 'list_reminders',
    description: "The person's own reminders (nobody else sees them), soonest first.",
    inputSchema: McpNoInput,
    write: false,
    async run(ctx) {
      const reminders = await ctx.services.reminders.list(ctx.identity);
      if (reminders.length === 0) return ctx.t('assistant:noReminders');
      return reminders
        .map((r) =>
          ctx.t('assistant:reminder', {
            when: ctx.format.when(r.next_remind_time),
            title: r.title,
            id: r.reminder_id,
          }),
        )
        .join('\n');
    },
  }),
  tool({
    name: 'create_reminder',
    description:
      'Sets a personal reminder at remind_time (an ISO-8601 instant with an offset); repeat_interval: daily, weekly, monthly or yearly.',
    inputSchema: McpCreateReminder,
    write: true,
    async run(ctx, input) {
      const reminder = await ctx.services.reminders.create(ctx.identity, {
        ...input,
        time_zone: input.time_zone ?? ctx.format.timeZone,
      });
      return ctx.t('assistant:reminderCreated', {
        title: reminder.title,
        when: ctx.format.when(reminder.next_remind_time),
        id: reminder.reminder_id,
      });
    },
  }),
  tool({
    name: 'get_balances',
    description: 'Who owes whom in the house: each balance and the fewest payments that settle up.',
    inputSchema: McpNoInput,
    write: false,
    async run(ctx) {
      const balance = await ctx.services.bills.balance(ctx.identity);
      if (balance.currency === null) return ctx.t('assistant:noCurrency');
      const currency = balance.currency;
      const names = new Map(balance.people.map((p) => [p.user_id, personName(p)]));
      const name = (id: number, object = false) =>
        id === ctx.user.user_id
          ? ctx.t(object ? 'assistant:youObject' : 'assistant:you')
          : (names.get(id) ?? `#${id}`);
      const lines = [
        ctx.t('assistant:balancesHeading', { currency }),
        ...balance.members.map((m) =>
          ctx.t('assistant:balance', {
            name: name(m.user_id),
            amount: ctx.format.money(m.net_minor, currency),
          }),
        ),
      ];
      if (balance.settle.length === 0) lines.push(ctx.t('assistant:settled'));
      else {
        lines.push(ctx.t('assistant:settleHeading'));
        for (const s of balance.settle) {
          lines.push(
            ctx.t('assistant:transfer', {
              from: name(s.from),
              to: name(s.to, true),
              amount: ctx.format.money(s.amount_minor, currency),
            }),
          );
        }
      }
      return lines.join('\n');
    },
  }),
  tool({
    name: 'add_expense',
    description:
      'Records a shared expense in the house currency, split equally (by default between every member; paid by the person unless paid_by says who).',
    inputSchema: McpAddExpense,
    write: true,
    async run(ctx, input) {
      const members = [...(ctx.house?.names.keys() ?? [])];
      const sharing = input.split_between ?? members;
      const expense = await ctx.services.bills.createExpense(ctx.identity, {
        title: input.title,
        amount_minor: input.amount_minor,
        paid_by: input.paid_by ?? ctx.user.user_id,
        spent_on: input.spent_on ?? today(ctx.format.timeZone),
        category: input.category ?? 'other',
        split: { mode: 'equal', parts: sharing.map((user_id) => ({ user_id, value: 0 })) },
      });
      return ctx.t('assistant:expenseAdded', {
        title: expense.title,
        amount: ctx.format.money(expense.amount_minor, expense.currency),
        payer: nameOf(ctx, expense.paid_by, true),
        people: ctx.format.list(expense.portions.map((p) => nameOf(ctx, p.user_id, true))),
        id: expense.expense_id,
      });
    },
  }),
];
