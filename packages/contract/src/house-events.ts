import { type Static, Type } from 'typebox';

/**
 * What a house announces to the outside (webhooks): one type per change of house data. A domain added
 * later appends its own here (`meal.created`...). Personal things (reminders, away notes, tokens) never
 * have a type.
 */
export const HOUSE_EVENT_TYPES = [
  'grocery_list.created',
  'grocery_list.deleted',
  'grocery_item.created',
  'grocery_item.updated',
  'grocery_item.deleted',
  'event.created',
  'event.updated',
  'event.deleted',
  'task.created',
  'task.updated',
  'task.done',
  'task.skipped',
  'task.deleted',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'payment.created',
  'payment.deleted',
  'member.joined',
  'member.left',
  'ping',
] as const;
export type HouseEventType = (typeof HOUSE_EVENT_TYPES)[number];

/** Who made the change. */
export const HouseEventActor = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
});
export type HouseEventActor = Static<typeof HouseEventActor>;

/**
 * The body of every webhook request. `data` is the resource as the API answers it, `{ id }` for a
 * deletion (the id's name as the API spells it, e.g. `{ task_id }`).
 */
export const HouseEventBody = Type.Object({
  type: Type.String(),
  /** UTC ISO-8601: when the change was made. */
  timestamp: Type.String(),
  house_id: Type.Integer(),
  actor: Type.Union([HouseEventActor, Type.Null()]),
  data: Type.Unknown(),
});
export type HouseEventBody = Static<typeof HouseEventBody>;
