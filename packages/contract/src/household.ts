import { type Static, type TSchema, Type } from 'typebox';
import { EXPENSE_NOTE_MAX, EXPENSE_TITLE_MAX } from './bills.js';
import { ImageDataUrl, TimeZoneName } from './common.js';
import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_RRULE_MAX, EVENT_TITLE_MAX } from './events.js';
import {
  EXTERNAL_CALENDAR_COLOR_PATTERN,
  EXTERNAL_CALENDAR_NAME_MAX,
  EXTERNAL_CALENDAR_URL_MAX,
  EXTERNAL_CALENDARS_MAX,
} from './external-calendars.js';
import {
  GROCERY_ITEM_NAME_MAX,
  GROCERY_LIST_NAME_MAX,
  GROCERY_QUANTITY_MAX,
  GroceryCategory,
} from './groceries.js';
import {
  MEAL_NOTE_MAX,
  MEAL_TITLE_MAX,
  RECIPE_INGREDIENT_TEXT_MAX,
  RECIPE_INGREDIENTS_MAX,
  RECIPE_MINUTES_MAX,
  RECIPE_NOTES_MAX,
  RECIPE_SERVINGS_MAX,
  RECIPE_SOURCE_URL_MAX,
  RECIPE_STEP_MAX,
  RECIPE_STEPS_MAX,
  RECIPE_TAG_MAX,
  RECIPE_TAGS_MAX,
  RECIPE_TITLE_MAX,
  STAPLE_MAX,
  STAPLES_MAX,
} from './meals.js';
import { RepeatInterval } from './reminders.js';
import { TASK_NOTES_MAX, TASK_POOL_MAX, TASK_TITLE_MAX } from './tasks.js';
import { User } from './users.js';

/*
 * The household: its members, settings, leaving and removal, and the data people can take out of Hearth
 * (a house export that another Hearth can import, and each person's own data).
 */

export const HOUSE_NAME_MAX = 80;

/** What a deleted account's records are shown under. */
export const FORMER_MEMBER = 'Former member';

/** A member as housemates see them. */
export const Member = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  profile_img: Type.Union([Type.String(), Type.Null()]),
  /** When they moved into this house, UTC ISO. */
  joined_at: Type.String(),
  /** Who asked to remove this member, while that waits for a second member's confirmation. */
  removal_requested_by: Type.Union([Type.Integer(), Type.Null()]),
});
export type Member = Static<typeof Member>;
export const MemberList = Type.Array(Member);
export type MemberList = Static<typeof MemberList>;

export const MemberParams = Type.Object({
  house_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

/** PATCH /api/house/{house_id}: any member may change these; absent fields stay as they are. */
export const HousePatch = Type.Object({
  house_name: Type.Optional(Type.String({ minLength: 1, maxLength: HOUSE_NAME_MAX })),
  house_img: Type.Optional(Type.Union([ImageDataUrl, Type.Null()])),
  time_zone: Type.Optional(TimeZoneName),
});
export type HousePatch = Static<typeof HousePatch>;

/** After leaving: whether the caller was the last member, so the house and its data are gone. */
export const LeaveResult = Type.Object({ house_deleted: Type.Boolean() });
export type LeaveResult = Static<typeof LeaveResult>;

/**
 * A removal request's state: `pending` until a second member confirms (the caller asked first), `removed`
 * once it took effect (a second member confirmed, or the house had only the two of them).
 */
export const RemovalResult = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('removed')]),
});
export type RemovalResult = Static<typeof RemovalResult>;

// ---- The house export document (version 1; docs/EXPORT.md describes it) ----

export const HOUSE_EXPORT_FORMAT = 'hearth.house';
export const HOUSE_EXPORT_VERSION = 1;
export const HOUSE_EXPORT_PEOPLE_MAX = 1000;
export const HOUSE_EXPORT_ROWS_MAX = 100_000;

const Instant = Type.String({ minLength: 20, maxLength: 40 });
const DateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A person in the document: a 1-based index into `people`. */
const PersonRef = Type.Integer({ minimum: 1, maximum: HOUSE_EXPORT_PEOPLE_MAX });

export const ExportPerson = Type.Object({
  /** This person's number in the document; records name people by it. */
  ref: PersonRef,
  username: Type.String({ minLength: 1, maxLength: 32 }),
  first_name: Type.String({ maxLength: 80 }),
  last_name: Type.String({ maxLength: 80 }),
  profile_img: Nullable(ImageDataUrl),
  /** Lives in the house now (false: left, was removed, or deleted their account). */
  member: Type.Boolean(),
  /** The account was deleted: shown as "Former member". */
  former: Type.Boolean(),
});
export type ExportPerson = Static<typeof ExportPerson>;

/** An occurrence of a repeating event edited on its own: the original start it replaces, and its fields. */
export const ExportEventOverride = Type.Object({
  recurrence_id: Instant,
  created_by: PersonRef,
  title: Type.String({ minLength: 1, maxLength: EVENT_TITLE_MAX }),
  description: Nullable(Type.String({ maxLength: EVENT_DESCRIPTION_MAX })),
  location: Nullable(Type.String({ maxLength: EVENT_LOCATION_MAX })),
  start_datetime: Instant,
  end_datetime: Instant,
  all_day: Type.Boolean(),
  start_date: Nullable(DateOnly),
  end_date: Nullable(DateOnly),
  sequence: Type.Integer({ minimum: 0 }),
  created_at: Instant,
  updated_at: Instant,
});
export type ExportEventOverride = Static<typeof ExportEventOverride>;

export const ExportEvent = Type.Object({
  created_by: PersonRef,
  title: Type.String({ minLength: 1, maxLength: EVENT_TITLE_MAX }),
  description: Nullable(Type.String({ maxLength: EVENT_DESCRIPTION_MAX })),
  location: Nullable(Type.String({ maxLength: EVENT_LOCATION_MAX })),
  start_datetime: Instant,
  end_datetime: Instant,
  all_day: Type.Boolean(),
  start_date: Nullable(DateOnly),
  end_date: Nullable(DateOnly),
  time_zone: TimeZoneName,
  sequence: Type.Integer({ minimum: 0 }),
  created_at: Instant,
  updated_at: Instant,
  /** A repeating event's RRULE, the original starts of removed occurrences, and occurrences edited alone. */
  rrule: Type.Optional(Nullable(Type.String({ maxLength: EVENT_RRULE_MAX }))),
  exdates: Type.Optional(Type.Array(Instant, { maxItems: HOUSE_EXPORT_ROWS_MAX })),
  overrides: Type.Optional(Type.Array(ExportEventOverride, { maxItems: HOUSE_EXPORT_ROWS_MAX })),
});
export type ExportEvent = Static<typeof ExportEvent>;
export const ExportEvents = Type.Array(ExportEvent, { maxItems: HOUSE_EXPORT_ROWS_MAX });
export type ExportEvents = Static<typeof ExportEvents>;

export const ExportGroceryList = Type.Object({
  name: Type.String({ minLength: 1, maxLength: GROCERY_LIST_NAME_MAX }),
  created_by: Nullable(PersonRef),
  created_at: Instant,
  items: Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: GROCERY_ITEM_NAME_MAX }),
      /** Absent in documents made before items had them: such items are filed as new ones would be. */
      quantity: Type.Optional(Nullable(Type.String({ maxLength: GROCERY_QUANTITY_MAX }))),
      category: Type.Optional(GroceryCategory),
      completed: Type.Boolean(),
      created_by: Nullable(PersonRef),
      created_at: Instant,
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
});
export const ExportGroceries = Type.Array(ExportGroceryList, { maxItems: HOUSE_EXPORT_ROWS_MAX });
export type ExportGroceries = Static<typeof ExportGroceries>;

const Flagged = Type.Boolean();
export const ExportTask = Type.Object({
  title: Type.String({ minLength: 1, maxLength: TASK_TITLE_MAX }),
  notes: Nullable(Type.String({ maxLength: TASK_NOTES_MAX })),
  effort: Type.Integer({ minimum: 0, maximum: 100 }),
  time_zone: TimeZoneName,
  due_at: Instant,
  anchor_at: Instant,
  repeat_every: Type.String({ minLength: 1, maxLength: 32 }),
  repeat_interval: Nullable(Type.Integer()),
  repeat_weekdays: Nullable(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7 })),
  repeat_month_day: Nullable(Type.Integer()),
  rotation: Type.String({ minLength: 1, maxLength: 32 }),
  pool: Type.Array(PersonRef, { minItems: 1, maxItems: TASK_POOL_MAX }),
  assignee: PersonRef,
  completed: Flagged,
  created_by: Nullable(PersonRef),
  created_at: Instant,
  updated_at: Instant,
  history: Type.Array(
    Type.Object({
      done_at: Instant,
      done_by: PersonRef,
      skipped: Flagged,
      effort: Type.Integer({ minimum: 0, maximum: 100 }),
      prev_due_at: Instant,
      prev_assignee: PersonRef,
      prev_completed: Flagged,
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
});
export type ExportTask = Static<typeof ExportTask>;
export const ExportTasks = Type.Object({
  tasks: Type.Array(ExportTask, { maxItems: HOUSE_EXPORT_ROWS_MAX }),
  away_periods: Type.Array(
    Type.Object({ person: PersonRef, starts_on: DateOnly, ends_on: DateOnly, created_at: Instant }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
});
export type ExportTasks = Static<typeof ExportTasks>;

const Servings = Type.Integer({ minimum: 1, maximum: RECIPE_SERVINGS_MAX });
const Minutes = Nullable(Type.Integer({ minimum: 0, maximum: RECIPE_MINUTES_MAX }));
export const ExportMeals = Type.Object({
  /** Each recipe's ingredients as typed (they are read again on import). */
  recipes: Type.Array(
    Type.Object({
      /** This recipe's number in the document (1-based); meals name their recipe by it. */
      ref: Type.Integer({ minimum: 1, maximum: HOUSE_EXPORT_ROWS_MAX }),
      title: Type.String({ minLength: 1, maxLength: RECIPE_TITLE_MAX }),
      servings: Servings,
      ingredients: Type.Array(Type.String({ minLength: 1, maxLength: RECIPE_INGREDIENT_TEXT_MAX }), {
        maxItems: RECIPE_INGREDIENTS_MAX,
      }),
      steps: Type.Array(Type.String({ maxLength: RECIPE_STEP_MAX }), { maxItems: RECIPE_STEPS_MAX }),
      notes: Nullable(Type.String({ maxLength: RECIPE_NOTES_MAX })),
      source_url: Nullable(Type.String({ maxLength: RECIPE_SOURCE_URL_MAX })),
      image: Nullable(ImageDataUrl),
      tags: Type.Array(Type.String({ maxLength: RECIPE_TAG_MAX }), { maxItems: RECIPE_TAGS_MAX }),
      prep_minutes: Minutes,
      cook_minutes: Minutes,
      created_by: Nullable(PersonRef),
      created_at: Instant,
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
  meals: Type.Array(
    Type.Object({
      date: DateOnly,
      slot: Type.Union([
        Type.Literal('breakfast'),
        Type.Literal('lunch'),
        Type.Literal('dinner'),
        Type.Literal('snack'),
      ]),
      recipe: Nullable(Type.Integer({ minimum: 1, maximum: HOUSE_EXPORT_ROWS_MAX })),
      title: Type.String({ minLength: 1, maxLength: MEAL_TITLE_MAX }),
      servings: Servings,
      cook: Nullable(PersonRef),
      note: Nullable(Type.String({ maxLength: MEAL_NOTE_MAX })),
      created_by: Nullable(PersonRef),
      created_at: Instant,
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
  staples: Type.Array(Type.String({ minLength: 1, maxLength: STAPLE_MAX }), { maxItems: STAPLES_MAX }),
});
export type ExportMeals = Static<typeof ExportMeals>;

const Minor = Type.Integer({ minimum: -1_000_000_000_000, maximum: 1_000_000_000_000 });
const Currency = Type.String({ pattern: '^[A-Z]{3}$' });
export const ExportBills = Type.Object({
  /** The house currency (ISO 4217), once chosen. */
  currency: Nullable(Currency),
  recurring: Type.Array(
    Type.Object({
      title: Type.String({ minLength: 1, maxLength: EXPENSE_TITLE_MAX }),
      amount_minor: Minor,
      currency: Currency,
      paid_by: PersonRef,
      category: Type.String({ maxLength: 40 }),
      split_mode: Type.String({ maxLength: 20 }),
      split_parts: Type.Array(Type.Object({ person: PersonRef, value: Type.Number() }), {
        maxItems: TASK_POOL_MAX,
      }),
      repeat_every: Type.String({ maxLength: 20 }),
      repeat_interval: Type.Integer({ minimum: 1 }),
      repeat_month_day: Nullable(Type.Integer()),
      starts_on: DateOnly,
      ends_on: Nullable(DateOnly),
      next_on: Nullable(DateOnly),
      created_by: PersonRef,
      created_at: Instant,
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
  expenses: Type.Array(
    Type.Object({
      title: Type.String({ minLength: 1, maxLength: EXPENSE_TITLE_MAX }),
      amount_minor: Minor,
      currency: Currency,
      paid_by: PersonRef,
      spent_on: DateOnly,
      category: Type.String({ maxLength: 40 }),
      note: Nullable(Type.String({ maxLength: EXPENSE_NOTE_MAX })),
      receipt_img: Nullable(ImageDataUrl),
      split_mode: Type.String({ maxLength: 20 }),
      /** The recurring bill that made it: its 1-based place in `recurring`. */
      recurring: Nullable(Type.Integer({ minimum: 1 })),
      created_by: PersonRef,
      created_at: Instant,
      updated_at: Instant,
      parts: Type.Array(
        Type.Object({
          person: PersonRef,
          position: Type.Integer({ minimum: 0 }),
          value: Type.Number(),
          amount_minor: Minor,
        }),
        { maxItems: TASK_POOL_MAX },
      ),
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
  payments: Type.Array(
    Type.Object({
      from: PersonRef,
      to: PersonRef,
      amount_minor: Minor,
      currency: Currency,
      paid_on: DateOnly,
      created_by: PersonRef,
      created_at: Instant,
    }),
    { maxItems: HOUSE_EXPORT_ROWS_MAX },
  ),
});
export type ExportBills = Static<typeof ExportBills>;

/**
 * The house-wide outside calendars (their addresses; the fetched events come again from the feed). A
 * person's own outside calendars are personal and stay out.
 */
export const ExportExternalCalendars = Type.Array(
  Type.Object({
    name: Type.String({ minLength: 1, maxLength: EXTERNAL_CALENDAR_NAME_MAX }),
    url: Type.String({ minLength: 1, maxLength: EXTERNAL_CALENDAR_URL_MAX }),
    color: Type.String({ pattern: EXTERNAL_CALENDAR_COLOR_PATTERN }),
    created_by: PersonRef,
    created_at: Instant,
  }),
  { maxItems: EXTERNAL_CALENDARS_MAX },
);
export type ExportExternalCalendars = Static<typeof ExportExternalCalendars>;

/**
 * The whole house as one JSON document. Records name people by their `ref` in `people`, never by an id
 * of the Hearth that made it, so it can be imported anywhere. `data` holds one section per domain that
 * has house data; a section a Hearth does not know is refused on import rather than silently dropped.
 */
export const HouseExport = Type.Object({
  format: Type.Literal(HOUSE_EXPORT_FORMAT),
  version: Type.Literal(HOUSE_EXPORT_VERSION),
  exported_at: Instant,
  house: Type.Object({
    house_name: Type.String({ minLength: 1, maxLength: HOUSE_NAME_MAX }),
    house_img: Nullable(ImageDataUrl),
    time_zone: TimeZoneName,
  }),
  people: Type.Array(ExportPerson, { maxItems: HOUSE_EXPORT_PEOPLE_MAX }),
  data: Type.Object({
    events: Type.Optional(ExportEvents),
    groceries: Type.Optional(ExportGroceries),
    tasks: Type.Optional(ExportTasks),
    bills: Type.Optional(ExportBills),
    meals: Type.Optional(ExportMeals),
    external_calendars: Type.Optional(ExportExternalCalendars),
  }),
});
export type HouseExport = Static<typeof HouseExport>;

/** What import answers: how many records of each section it added. */
export const ImportResult = Type.Object({
  people: Type.Integer(),
  sections: Type.Record(Type.String(), Type.Integer()),
});
export type ImportResult = Static<typeof ImportResult>;

// ---- A person's own data ----

export const USER_EXPORT_FORMAT = 'hearth.user';
export const USER_EXPORT_VERSION = 1;

export const ExportReminder = Type.Object({
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  /** The first occurrence, UTC ISO; a series repeats from it in `time_zone`. */
  remind_time: Type.String(),
  repeat_interval: Type.Union([RepeatInterval, Type.Null()]),
  time_zone: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type ExportReminder = Static<typeof ExportReminder>;

/** GET /api/users/me/export: the caller's profile and personal reminders. */
export const UserExport = Type.Object({
  format: Type.Literal(USER_EXPORT_FORMAT),
  version: Type.Literal(USER_EXPORT_VERSION),
  exported_at: Type.String(),
  profile: User,
  reminders: Type.Array(ExportReminder),
});
export type UserExport = Static<typeof UserExport>;
