import { DateTime } from 'luxon';
import type { Db } from '../../db/create-db.js';
import { billChangesSince, billsDueBetween } from '../bills/index.js';
import { reminderOccurrences } from '../reminders/index.js';
import { taskChangesSince, tasksDueBetween } from '../tasks/index.js';
import { type DeliveryDetails, formatMoney, type Messages, render } from './messages.js';
import type { Recipient } from './repository.js';
import type { Preferences } from './settings.js';
import type { DeliveryRow } from './tables.js';

/*
 * The daily digest: what waited for it (quiet hours, missed while no server ran), then the person's day:
 * reminders still to come, their tasks, bills falling due, and what housemates changed in the last day
 * (when house changes are on for them).
 */

export interface DigestSection {
  heading: string;
  lines: string[];
}

const PER_SECTION = 20;

export async function digestSections(
  db: Db,
  m: Messages,
  person: Recipient,
  p: Preferences,
  at: Date,
  folded: DeliveryRow[],
): Promise<DigestSection[]> {
  const sections: DigestSection[] = [];
  const add = (heading: string, lines: string[]) => {
    if (lines.length > 0) sections.push({ heading, lines: lines.slice(0, PER_SECTION) });
  };
  add(
    m.digestSections.missed,
    folded.map((row) => render(m, JSON.parse(row.details) as DeliveryDetails).title),
  );
  const local = DateTime.fromJSDate(at, { zone: p.timeZone });
  const dayEnd = local.startOf('day').plus({ days: 1 });
  const clock = (iso: string) => DateTime.fromISO(iso, { zone: p.timeZone }).toFormat('HH:mm');
  const reminders = await reminderOccurrences(db, person.user_id, at, dayEnd.toJSDate(), PER_SECTION);
  add(
    m.digestSections.reminders,
    reminders.map((r) => `${clock(r.remind_at)} ${r.title}`),
  );
  if (person.house_id !== null) {
    const houseId = person.house_id;
    const tasks = await tasksDueBetween(
      db,
      houseId,
      local.startOf('day').toUTC().toISO() as string,
      dayEnd.toUTC().toISO() as string,
      person.user_id,
    );
    add(
      m.digestSections.tasks,
      tasks.map((t) => `${clock(t.due_at)} ${t.title}`),
    );
    const today = local.toISODate() as string;
    const bills = await billsDueBetween(db, houseId, today, today);
    add(
      m.digestSections.bills,
      bills.map((b) => `${b.title}: ${formatMoney(b.amount_minor, b.currency)}`),
    );
    if (p.channels.house.length > 0) {
      const since = new Date(at.getTime() - 24 * 3600 * 1000);
      const [taskChanges, billChanges] = await Promise.all([
        taskChangesSince(db, houseId, since, person.user_id),
        billChangesSince(db, houseId, since, person.user_id),
      ]);
      add(m.digestSections.house, [
        ...taskChanges.map((c) => (c.skipped ? m.taskSkippedBy(c.title) : m.taskDoneBy(c.title))),
        ...billChanges.map((c) => m.billChange(c.title)),
      ]);
    }
  }
  return sections;
}

export function digestText(sections: DigestSection[]): string {
  return sections.map((s) => `${s.heading}\n${s.lines.map((l) => `- ${l}`).join('\n')}`).join('\n\n');
}
