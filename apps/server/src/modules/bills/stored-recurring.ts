import { Repeat, Split } from '@hearth/contract';
import { Compile } from 'typebox/compile';
import { parseDate, type RecurrenceRule } from './recurrence.js';

const repeatSchema = Compile(Repeat);
const splitSchema = Compile(Split);

/** A stored bill's repeat columns as the API names them (0 is the month's last day). */
export function repeatOf(row: {
  repeat_every: string;
  repeat_interval: number;
  repeat_month_day: number | null;
}): Repeat {
  const day = row.repeat_month_day;
  return {
    every: row.repeat_every as Repeat['every'],
    interval: row.repeat_interval,
    month_day: day === null ? null : day === 0 ? 'last' : day,
  };
}

const realDate = (text: string | null, what: string) => {
  if (text !== null && !parseDate(text)) throw new Error(`${what} ${text} is not a real date`);
};

/**
 * A stored bill's dates and repeat checked by the rules it was written by (the API's repeat schema, real
 * dates), for reads that leave out a bill they cannot use instead of failing.
 */
export function storedRule(row: {
  repeat_every: string;
  repeat_interval: number;
  repeat_month_day: number | null;
  starts_on: string;
  ends_on: string | null;
  next_on?: string | null;
}): RecurrenceRule {
  const repeat = repeatOf(row);
  if (!repeatSchema.Check(repeat)) throw new Error('its repeat is not one the API accepts');
  realDate(row.starts_on, 'starts_on');
  realDate(row.ends_on, 'ends_on');
  realDate(row.next_on ?? null, 'next_on');
  return { repeat, starts_on: row.starts_on, ends_on: row.ends_on };
}

/** A stored split, checked by the API's split schema. */
export function storedSplit(mode: string, partsJson: string): Split {
  const split = { mode, parts: JSON.parse(partsJson) as unknown };
  if (!splitSchema.Check(split)) throw new Error('its split is not one the API accepts');
  return split;
}
