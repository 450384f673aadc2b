import type { EventInput } from '@fullcalendar/core';
import type { EventOccurrence, TimelineLayers } from '@hearth/contract';
import { DateTime } from 'luxon';
import { t as tr } from '../../../lib/i18n';

/** The calendar's layers, in the order the toggles show them. */
export const LAYERS = [
  { id: 'house', label: 'events:layers.house' },
  { id: 'tasks', label: 'events:layers.tasks' },
  { id: 'bills', label: 'events:layers.bills' },
  { id: 'away', label: 'events:layers.away' },
  { id: 'reminders', label: 'events:layers.reminders' },
  { id: 'external', label: 'events:layers.external' },
] as const satisfies readonly { id: string; label: Parameters<typeof tr>[0] }[];
export type LayerId = (typeof LAYERS)[number]['id'];
export type LayerToggles = Record<LayerId, boolean>;

export const ALL_LAYERS_ON: LayerToggles = {
  house: true,
  tasks: true,
  bills: true,
  away: true,
  reminders: true,
  external: true,
};

/** What the calendar keeps of a house event occurrence besides its times. */
export interface OccurrenceMeta {
  layer: 'house';
  occurrence: EventOccurrence;
  username: string;
}

/** Anything else on the calendar: which layer, and a line for its tooltip and screen readers. */
export interface LayerItemMeta {
  layer: Exclude<LayerId, 'house'>;
  note: string;
}

const STORE_KEY = 'hearth.calendar.layers';

/** The toggles this browser remembers (every layer on until someone turns one off). */
export function recallLayers(): LayerToggles {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null');
    if (stored && typeof stored === 'object') {
      const out = { ...ALL_LAYERS_ON };
      for (const { id } of LAYERS) {
        const value = (stored as Record<string, unknown>)[id];
        if (typeof value === 'boolean') out[id] = value;
      }
      return out;
    }
  } catch {
    // Unreadable or blocked storage: all layers on.
  }
  return { ...ALL_LAYERS_ON };
}

export function rememberLayers(toggles: LayerToggles): void {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(toggles));
  } catch {
    // Storage full or blocked: the toggles just are not remembered.
  }
}

/** The day after a YYYY-MM-DD date: FullCalendar's exclusive end of an all-day item. */
const dayAfter = (date: string) => DateTime.fromISO(date).plus({ days: 1 }).toISODate() as string;

/** House event occurrences as FullCalendar events: each occurrence is its own, named by its original start. */
export function occurrencesToEvents(occurrences: readonly EventOccurrence[]): EventInput[] {
  return occurrences.map((o) => {
    const meta: OccurrenceMeta = { layer: 'house', occurrence: o, username: o.username };
    const allDay = o.all_day && o.start_date !== null;
    return {
      id: `event-${o.event_id}-${o.occurrence_start}`,
      title: o.title,
      start: allDay ? (o.start_date as string) : o.start_datetime,
      end: allDay ? dayAfter(o.end_date ?? (o.start_date as string)) : o.end_datetime,
      allDay,
      classNames: ['hearth-layer-house'],
      extendedProps: meta,
    };
  });
}

/** The other layers as FullCalendar events, only those switched on. */
export function layersToEvents(layers: TimelineLayers, on: LayerToggles): EventInput[] {
  const out: EventInput[] = [];
  const item = (layer: LayerItemMeta['layer'], input: EventInput, note: string) =>
    out.push({ ...input, classNames: [`hearth-layer-${layer}`], extendedProps: { layer, note } });
  if (on.tasks) {
    for (const t of layers.tasks) {
      item(
        'tasks',
        { id: `task-${t.task_id}`, title: `${t.title} (${t.assignee_name})`, start: t.due_at, allDay: false },
        tr('events:notes.taskDue', { name: t.assignee_name }),
      );
    }
  }
  if (on.bills) {
    for (const b of layers.bills) {
      item(
        'bills',
        {
          id: `bill-${b.recurring_id}-${b.due_on}`,
          title: tr('events:due', { title: b.title }),
          start: b.due_on,
          allDay: true,
        },
        tr('events:notes.billDue'),
      );
    }
  }
  if (on.away) {
    for (const a of layers.away) {
      item(
        'away',
        {
          id: `away-${a.away_id}`,
          title: tr('events:away', { name: a.name }),
          start: a.starts_on,
          end: dayAfter(a.ends_on),
          allDay: true,
        },
        tr('events:notes.away'),
      );
    }
  }
  if (on.reminders) {
    for (const r of layers.reminders) {
      item(
        'reminders',
        { id: `reminder-${r.reminder_id}-${r.remind_at}`, title: r.title, start: r.remind_at, allDay: false },
        tr('events:notes.reminder'),
      );
    }
  }
  if (on.external) {
    for (const x of layers.external) {
      item(
        'external',
        {
          id: `external-${x.external_calendar_id}-${x.start}-${x.title}`,
          title: x.title,
          start: x.start,
          end: x.end,
          allDay: x.all_day,
          // Each outside calendar in its own colour, its text readable on it.
          backgroundColor: x.color,
          borderColor: x.color,
          textColor: textOn(x.color),
        },
        tr('events:notes.external', { name: x.name }),
      );
    }
  }
  return out;
}

/** Black or white, whichever reads better on a `#rrggbb` colour (WCAG relative luminance). */
export function textOn(color: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(color.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  // Contrast with white (1.05 / (l + 0.05)) against black ((l + 0.05) / 0.05): whichever is higher.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
