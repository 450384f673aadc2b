import type { Event, EventPatch } from '@hearth/contract';
import {
  addHours,
  atTime,
  datePart,
  isoToLocalInput,
  localInputToIso,
  nextWholeHour,
} from '../../../lib/dates';
import { labels } from '../../../lib/i18n';

/**
 * The event dialog's form state (title, description, location, start, end, allDay).
 * start and end are datetime-local values in the browser's time.
 */
export interface EventFormState {
  title: string;
  description: string;
  location: string;
  start: string;
  end: string;
  allDay: boolean;
}

/** An all-day event runs from 00:00 to 23:59. */
export const ALL_DAY_START = '00:00';
export const ALL_DAY_END = '23:59';

/** The dialog's own messages (the API's validation texts among them), read in the current language. */
export const EventDialogMessages = labels({
  titleRequired: 'events:dialogMessages.titleRequired',
  invalidTimes: 'events:dialogMessages.invalidTimes',
  endBeforeStart: 'events:dialogMessages.endBeforeStart',
  houseRequired: 'events:dialogMessages.houseRequired',
  unknownSelection: 'events:dialogMessages.unknownSelection',
  unknownUpdate: 'events:dialogMessages.unknownUpdate',
  unknownDelete: 'events:dialogMessages.unknownDelete',
  loadFailed: 'events:dialogMessages.loadFailed',
  noFormData: 'events:dialogMessages.noFormData',
  saveFailed: 'events:dialogMessages.saveFailed',
  deleteFailed: 'events:dialogMessages.deleteFailed',
  calendarFailed: 'events:dialogMessages.calendarFailed',
});

/** A new event: the next whole hour, lasting an hour (the default timed duration). */
export function blankEventForm(now: Date = new Date(), zone?: string): EventFormState {
  const start = nextWholeHour(now, zone);
  return { title: '', description: '', location: '', start, end: addHours(start, 1, zone), allDay: false };
}

/** The form for a stored event: all-day events show the days they were saved with, in any zone. */
export function eventToForm(event: Event, zone?: string): EventFormState {
  const base = { title: event.title, description: event.description ?? '', location: event.location ?? '' };
  if (event.all_day && event.start_date) {
    return {
      ...base,
      allDay: true,
      start: atTime(event.start_date, ALL_DAY_START),
      end: atTime(event.end_date ?? event.start_date, ALL_DAY_END),
    };
  }
  return {
    ...base,
    allDay: false,
    start: isoToLocalInput(event.start_datetime, zone),
    end: isoToLocalInput(event.end_datetime, zone),
  };
}

/**
 * The all-day switch. Toggle on: start and end become the start date at 00:00 and 23:59 (both empty without a
 * start date). Toggle off: the end is kept, or, when there is none, set to its (the start's) date at 23:59.
 */
export function setAllDay(form: EventFormState, allDay: boolean): EventFormState {
  if (allDay) {
    const day = datePart(form.start);
    return { ...form, allDay: true, start: atTime(day, ALL_DAY_START), end: atTime(day, ALL_DAY_END) };
  }
  const end = form.end || atTime(datePart(form.start), ALL_DAY_END);
  return { ...form, allDay: false, end };
}

/**
 * A new start. In all-day mode the value is a date: start becomes that date at 00:00 and end the same
 * date at 23:59; clearing it empties both. Otherwise it is a datetime-local value.
 */
export function setStart(form: EventFormState, value: string): EventFormState {
  if (!form.allDay) return { ...form, start: value };
  const day = datePart(value);
  return { ...form, start: atTime(day, ALL_DAY_START), end: atTime(day, ALL_DAY_END) };
}

export type EventPayload = Required<Pick<EventPatch, 'title' | 'description' | 'location' | 'all_day'>> & {
  start_datetime: string;
  end_datetime: string;
  time_zone: string;
};

export type FormCheck =
  | { ok: true; payload: EventPayload }
  | { ok: false; field: 'title' | 'start' | 'end'; message: string };

/**
 * The title is trimmed and required; start and end must be valid with the end not before
 * the start; blank description and location are sent as null; times go out as ISO instants with the zone.
 */
export function checkEventForm(form: EventFormState, zone: string): FormCheck {
  const title = form.title.trim();
  if (!title) return { ok: false, field: 'title', message: EventDialogMessages.titleRequired };
  const start = localInputToIso(form.start, zone);
  const end = localInputToIso(form.end, zone);
  if (!start || !end) {
    return { ok: false, field: start ? 'end' : 'start', message: EventDialogMessages.invalidTimes };
  }
  if (Date.parse(end) < Date.parse(start)) {
    return { ok: false, field: 'end', message: EventDialogMessages.endBeforeStart };
  }
  return {
    ok: true,
    payload: {
      title,
      description: form.description.trim() || null,
      location: form.location.trim() || null,
      start_datetime: start,
      end_datetime: end,
      all_day: form.allDay,
      time_zone: zone,
    },
  };
}

/**
 * The number at the end of a feed event's URL is the event id; null when it is not an
 * integer (the page then says it couldn't determine which event was selected).
 */
export function eventIdFromUrl(url: string | null | undefined): number | null {
  if (!url) return null;
  let path = url;
  try {
    path = new URL(url, 'http://hearth.invalid').pathname;
  } catch {
    return null;
  }
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (!/^\d+$/.test(last)) return null;
  const id = Number(last);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
