import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { definedZones, icalInstant } from '../../lib/ical-time.js';
import { isTimeZoneName } from '../../lib/time-zone.js';
import { invalidCalendarData, invalidObject, unsupportedComponent } from './errors.js';

/** What Hearth does not model of a component, kept as jCal and given back as it came. */
export interface ExtraParts {
  properties: unknown[];
  components: unknown[];
}

/** One VEVENT read into Hearth's fields (instants in UTC ISO, all-day as midnight instants in the zone). */
export interface EventComponent {
  title: string;
  description: string | null;
  location: string | null;
  start_datetime: string;
  end_datetime: string;
  all_day: boolean;
  time_zone: string;
  rrule: string | null;
  /** The original start (UTC ISO) this component replaces, for a changed occurrence. */
  recurrence_id: string | null;
  /** Original starts (UTC ISO) of removed occurrences (series only). */
  exdates: string[];
  extra: ExtraParts;
}

export interface EventObject {
  uid: string;
  master: EventComponent;
  overrides: EventComponent[];
}

/** Properties Hearth reads or writes itself; anything else is kept as the app sent it. */
const MODELLED = new Set([
  'uid',
  'dtstamp',
  'created',
  'last-modified',
  'sequence',
  'summary',
  'description',
  'location',
  'dtstart',
  'dtend',
  'duration',
  'rrule',
  'exdate',
  'recurrence-id',
  'url',
  'x-hearth-user-id',
  'x-hearth-username',
]);

/** Parses iCalendar text into its VCALENDAR, or the valid-calendar-data precondition. */
export function parseCalendar(text: string): ICAL.Component {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch (err) {
    throw invalidCalendarData(`The body is not valid iCalendar: ${(err as Error).message}`);
  }
  if (root.name !== 'vcalendar') throw invalidCalendarData('The body must be one VCALENDAR.');
  return root;
}

interface Reader {
  zones: Map<string, ICAL.Timezone>;
  /** Where floating times and all-day dates are read: the house's zone. */
  fallbackZone: string;
}

/** An instant from a DATE-TIME value, floating times read in the house's zone. */
function instant(time: ICAL.Time, tzid: string | undefined, reader: Reader): DateTime {
  return icalInstant(time, tzid, reader.zones, reader.fallbackZone);
}

/** A DATE value as midnight of that day in the zone. */
const dayStart = (time: ICAL.Time, zone: string) =>
  DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone });

const utcIso = (dt: DateTime) => dt.toUTC().toISO() as string;

function text(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function timeOf(
  component: ICAL.Component,
  name: string,
): { time: ICAL.Time; tzid: string | undefined } | null {
  const prop = component.getFirstProperty(name);
  const value = prop?.getFirstValue();
  if (!prop || !(value instanceof ICAL.Time)) return null;
  return { time: value, tzid: prop.getParameter('tzid') };
}

function extraOf(component: ICAL.Component): ExtraParts {
  return {
    properties: component
      .getAllProperties()
      .filter((p) => !MODELLED.has(p.name))
      .map((p) => p.toJSON()),
    components: component.getAllSubcomponents().map((c) => c.toJSON()),
  };
}

function readEvent(vevent: ICAL.Component, reader: Reader): EventComponent {
  const start = timeOf(vevent, 'dtstart');
  if (!start) throw invalidObject('A VEVENT needs a DTSTART.');
  const allDay = start.time.isDate;
  const zone = !allDay && start.tzid && isTimeZoneName(start.tzid) ? start.tzid : reader.fallbackZone;
  const startAt = allDay ? dayStart(start.time, zone) : instant(start.time, start.tzid, reader);
  const endProp = timeOf(vevent, 'dtend');
  const duration = vevent.getFirstPropertyValue('duration');
  let endAt: DateTime;
  if (endProp) {
    endAt = endProp.time.isDate ? dayStart(endProp.time, zone) : instant(endProp.time, endProp.tzid, reader);
  } else if (duration instanceof ICAL.Duration) {
    endAt = startAt.plus({ seconds: duration.toSeconds() });
  } else {
    // RFC 5545 3.6.1: no end is one day for a date, the start itself for a date-time.
    endAt = allDay ? startAt.plus({ days: 1 }) : startAt;
  }
  if (allDay && endAt.toMillis() <= startAt.toMillis()) endAt = startAt.plus({ days: 1 });
  const recurrence = timeOf(vevent, 'recurrence-id');
  const rules = vevent.getAllProperties('rrule');
  if (rules.length > 1) throw invalidObject('Hearth keeps one RRULE per event.');
  const rrule = rules[0] ? String(rules[0].getFirstValue()) : null;
  const exdates: string[] = [];
  for (const prop of vevent.getAllProperties('exdate')) {
    const tzid = prop.getParameter('tzid');
    for (const value of prop.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      exdates.push(utcIso(value.isDate ? dayStart(value, zone) : instant(value, tzid, reader)));
    }
  }
  return {
    title: text(vevent, 'summary') ?? '',
    description: text(vevent, 'description'),
    location: text(vevent, 'location'),
    start_datetime: utcIso(startAt),
    end_datetime: utcIso(endAt),
    all_day: allDay,
    time_zone: zone,
    rrule,
    recurrence_id: recurrence
      ? utcIso(
          recurrence.time.isDate
            ? dayStart(recurrence.time, zone)
            : instant(recurrence.time, recurrence.tzid, reader),
        )
      : null,
    exdates: [...new Set(exdates)].sort(),
    extra: extraOf(vevent),
  };
}

/**
 * A calendar object for the house calendar: VEVENTs of one UID, one of them the series (or the one-off)
 * and the others its changed occurrences. Anything else is refused with the RFC's precondition.
 */
export function readEventObject(body: string, fallbackZone: string): EventObject {
  const root = parseCalendar(body);
  const others = root
    .getAllSubcomponents()
    .filter((c) => c.name !== 'vevent' && c.name !== 'vtimezone')
    .map((c) => c.name.toUpperCase());
  if (others.length > 0) {
    throw unsupportedComponent(`The house calendar holds events (VEVENT) only, not ${others.join(', ')}.`);
  }
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length === 0) throw unsupportedComponent('The house calendar holds events (VEVENT) only.');
  const uids = new Set(vevents.map((v) => v.getFirstPropertyValue('uid')));
  const [uid] = [...uids];
  if (uids.size !== 1 || typeof uid !== 'string' || uid.trim() === '') {
    throw invalidObject('Every VEVENT of one calendar object needs the same UID.');
  }
  const reader: Reader = { zones: definedZones(root), fallbackZone };
  const events = vevents.map((v) => readEvent(v, reader));
  const masters = events.filter((e) => e.recurrence_id === null);
  const [master] = masters;
  if (masters.length !== 1 || !master) {
    throw invalidObject('A calendar object needs exactly one VEVENT without RECURRENCE-ID.');
  }
  const overrides = events.filter((e) => e.recurrence_id !== null);
  if (overrides.length > 0 && master.rrule === null) {
    throw invalidObject('Only a repeating event can have changed occurrences (RECURRENCE-ID).');
  }
  return { uid, master, overrides };
}

/** A VTODO read into what Hearth keeps of a to-do. */
export interface TodoObject {
  uid: string;
  title: string;
  notes: string | null;
  /** The due instant (UTC ISO), or null when the to-do has none. */
  due: string | null;
  /** When it was ticked off (UTC ISO), or null while it is open. */
  completedAt: string | null;
  /** The RRULE value of a repeating to-do, or null. */
  rrule: string | null;
  /** The IANA zone its due time is given in, when it names one. */
  zone: string | null;
  extra: ExtraParts;
}

/** Properties of a to-do Hearth reads or writes itself. */
const MODELLED_TODO = new Set([
  ...MODELLED,
  'due',
  'status',
  'completed',
  'percent-complete',
  'x-hearth-assignee',
  'x-hearth-assignee-id',
]);

/**
 * A calendar object for a to-do collection: one VTODO (a to-do app's object), nothing else. A to-do is
 * done when STATUS is COMPLETED or it carries COMPLETED.
 */
export function readTodoObject(body: string, fallbackZone: string): TodoObject {
  const root = parseCalendar(body);
  const others = root
    .getAllSubcomponents()
    .filter((c) => c.name !== 'vtodo' && c.name !== 'vtimezone')
    .map((c) => c.name.toUpperCase());
  if (others.length > 0) {
    throw unsupportedComponent(`This collection holds to-dos (VTODO) only, not ${others.join(', ')}.`);
  }
  const todos = root.getAllSubcomponents('vtodo');
  const [todo] = todos;
  if (!todo) throw unsupportedComponent('This collection holds to-dos (VTODO) only.');
  if (todos.length > 1) throw invalidObject('Hearth keeps one VTODO per calendar object.');
  const uid = todo.getFirstPropertyValue('uid');
  if (typeof uid !== 'string' || uid.trim() === '') throw invalidObject('A VTODO needs a UID.');
  const reader: Reader = { zones: definedZones(root), fallbackZone };
  const at = (name: string) => {
    const found = timeOf(todo, name);
    if (!found) return null;
    return utcIso(
      found.time.isDate ? dayStart(found.time, fallbackZone) : instant(found.time, found.tzid, reader),
    );
  };
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const tzid = (timeOf(todo, 'due') ?? timeOf(todo, 'dtstart'))?.tzid;
  const rule = todo.getFirstProperty('rrule');
  const completed = at('completed');
  return {
    uid,
    title: text(todo, 'summary') ?? '',
    notes: text(todo, 'description'),
    due: at('due') ?? at('dtstart'),
    completedAt: status === 'COMPLETED' || completed ? (completed ?? new Date().toISOString()) : null,
    rrule: rule ? String(rule.getFirstValue()) : null,
    zone: tzid && isTimeZoneName(tzid) ? tzid : null,
    extra: {
      properties: todo
        .getAllProperties()
        .filter((p) => !MODELLED_TODO.has(p.name))
        .map((p) => p.toJSON()),
      components: todo.getAllSubcomponents().map((c) => c.toJSON()),
    },
  };
}
