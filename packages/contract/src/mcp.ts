import { type Static, Type } from 'typebox';
import { AmountMinor, DateOnly, ExpenseCategory } from './bills.js';
import { IdParam } from './common.js';
import { EventInput } from './events.js';
import { GROCERY_ITEM_NAME_MAX } from './groceries.js';
import { ReminderInput } from './reminders.js';

/*
 * The MCP server's tools (POST /mcp): each tool's input schema, as the assistant sees it in tools/list.
 * Built from the API's own schemas where a tool does what a route does; TypeBox schemas are JSON Schema.
 */

/** How many item texts one add_grocery_items call may carry. */
export const MCP_GROCERY_ITEMS_MAX = 50;

export const McpNoInput = Type.Object({});
export type McpNoInput = Static<typeof McpNoInput>;

export const McpAddGroceryItems = Type.Object({
  list: Type.String({
    minLength: 1,
    maxLength: 120,
    description: "The grocery list's name (any case) or its id, as list_grocery_lists shows it.",
  }),
  items: Type.Array(
    Type.String({
      minLength: 1,
      maxLength: GROCERY_ITEM_NAME_MAX,
      description: 'One item as a person would write it, e.g. "2 kg potatoes", "milk", "eggs x6".',
    }),
    { minItems: 1, maxItems: MCP_GROCERY_ITEMS_MAX },
  ),
});
export type McpAddGroceryItems = Static<typeof McpAddGroceryItems>;

export const McpCheckGroceryItem = Type.Object({
  grocery_item_id: IdParam,
  done: Type.Optional(Type.Boolean({ description: 'true (default) ticks the item, false unticks it.' })),
});
export type McpCheckGroceryItem = Static<typeof McpCheckGroceryItem>;

export const McpListEvents = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 64, description: 'ISO-8601 instant or date; default: now.' })),
  to: Type.Optional(
    Type.String({ maxLength: 64, description: 'ISO-8601 instant or date; default: 7 days after from.' }),
  ),
});
export type McpListEvents = Static<typeof McpListEvents>;

/** POST /api/event/ without house_id (the person's house) and without a repeat rule. */
export const McpCreateEvent = Type.Omit(EventInput, ['house_id', 'rrule']);
export type McpCreateEvent = Static<typeof McpCreateEvent>;

export const McpTaskFilter = Type.Union([
  Type.Literal('mine'),
  Type.Literal('all'),
  Type.Literal('due_today'),
]);
export const McpListTasks = Type.Object({
  which: Type.Optional(
    Type.Union([McpTaskFilter], {
      description:
        "mine (default): the person's turn; all: every open task; due_today: due by the end of today.",
    }),
  ),
});
export type McpListTasks = Static<typeof McpListTasks>;

export const McpCompleteTask = Type.Object({ task_id: IdParam });
export type McpCompleteTask = Static<typeof McpCompleteTask>;

/** POST /api/reminder/, as it is. */
export const McpCreateReminder = ReminderInput;
export type McpCreateReminder = Static<typeof McpCreateReminder>;

export const McpAddExpense = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 120 }),
  amount_minor: Type.Union([AmountMinor], {
    description: "The amount in the house currency's minor unit (cents): 12.50 EUR is 1250.",
  }),
  paid_by: Type.Optional(
    Type.Union([IdParam], { description: 'Who paid (a user id); default: the person.' }),
  ),
  split_between: Type.Optional(
    Type.Array(IdParam, {
      minItems: 1,
      maxItems: 100,
      description: 'User ids sharing it equally; default: every member of the house.',
    }),
  ),
  spent_on: Type.Optional(Type.Union([DateOnly], { description: 'YYYY-MM-DD; default: today.' })),
  category: Type.Optional(ExpenseCategory),
});
export type McpAddExpense = Static<typeof McpAddExpense>;
