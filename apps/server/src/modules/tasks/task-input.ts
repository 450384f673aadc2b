import type { Rotation, TaskInput } from '@hearth/contract';
import {
  TASK_EFFORT_DEFAULT,
  TASK_EFFORT_MAX,
  TASK_EFFORT_MIN,
  TASK_NOTES_MAX,
  TASK_TITLE_MAX,
} from '@hearth/contract';
import { validationError } from '../../lib/errors.js';
import { parseInstant } from '../../lib/iso-instant.js';
import { optionalText, requiredText } from '../../lib/text.js';
import { isTimeZoneName } from '../../lib/time-zone.js';
import type { RepeatRule } from './repeat.js';
import { parseRepeat } from './repeat-input.js';

/** A task's own fields, checked and normalised; who is on turn is worked out separately. */
export interface TaskFields {
  title: string;
  notes: string | null;
  effort: number;
  zone: string;
  /** UTC ISO, as sent (before it is moved to the first matching day). */
  dueAt: string;
  repeat: RepeatRule;
}

/** The rotation part of a request: its kind, its pool in turn order and the member chosen to start. */
export interface TurnFields {
  rotation: Rotation;
  pool: number[];
  chosen: number | null;
}

/** The canonical name of an IANA zone (e.g. 'utc' -> 'UTC'), or a 400 naming time_zone. */
export function parseTimeZone(value: string | null | undefined, fallback: string): string {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  const refuse = () =>
    validationError('time_zone', 'time_zone must be an IANA time zone, e.g. Europe/Berlin.');
  if (!isTimeZoneName(text)) throw refuse();
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw refuse();
  }
}

function parseEffort(value: number | undefined): number {
  if (value === undefined) return TASK_EFFORT_DEFAULT;
  if (!Number.isInteger(value) || value < TASK_EFFORT_MIN || value > TASK_EFFORT_MAX) {
    throw validationError(
      'effort',
      `effort must be a whole number from ${TASK_EFFORT_MIN} to ${TASK_EFFORT_MAX}.`,
    );
  }
  return value;
}

/** Checks the fields of a create or a full edit; a missing time_zone falls back to `fallbackZone`. */
export function parseTaskFields(input: TaskInput, fallbackZone: string): TaskFields {
  return {
    title: requiredText(input.title, 'title', TASK_TITLE_MAX),
    notes: optionalText(input.notes, 'notes', TASK_NOTES_MAX),
    effort: parseEffort(input.effort),
    zone: parseTimeZone(input.time_zone, fallbackZone),
    dueAt: parseInstant(input.due_at, 'due_at'),
    repeat: parseRepeat(input.repeat),
  };
}

/**
 * Fixed rotation needs `assignee_id` and its pool is that one person; round robin and fairest need a
 * pool of distinct members, and a chosen starter must be in it. Membership is checked by the service.
 */
export function parseTurnFields(input: TaskInput): TurnFields {
  const rotation = input.rotation ?? 'fixed';
  const chosen = input.assignee_id ?? null;
  if (rotation === 'fixed') {
    if (chosen === null)
      throw validationError('assignee_id', 'assignee_id is required for a fixed rotation.');
    return { rotation, pool: [chosen], chosen };
  }
  const pool = input.pool ?? [];
  if (pool.length === 0) throw validationError('pool', 'pool must name at least one member.');
  if (new Set(pool).size !== pool.length) throw validationError('pool', 'pool must not name a member twice.');
  if (chosen !== null && !pool.includes(chosen)) {
    throw validationError('assignee_id', 'assignee_id must be one of the pool.');
  }
  return { rotation, pool: [...pool], chosen };
}

/** `done_at` of a done, or now; it may not lie in the future (a minute of clock drift is allowed). */
export function parseDoneAt(value: string | null | undefined, now: Date): Date {
  if (value === null || value === undefined || value.trim() === '') return now;
  const at = new Date(parseInstant(value, 'done_at'));
  if (at.getTime() > now.getTime() + 60_000)
    throw validationError('done_at', 'done_at must not be in the future.');
  return at;
}
