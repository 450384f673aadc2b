import type { EventPatch } from '@hearth/contract';
import ICAL from 'ical.js';
import type { UserRow } from '../../db/tables.js';
import {
  type EventRow,
  type EventsService,
  eventUid,
  type FeedFrame,
  feedChunks,
  feedFrame,
  isOccurrence,
  parseExdates,
  seriesOf,
} from '../events/index.js';
import { davNotFound, invalidObject } from './errors.js';
import { type EventComponent, type ExtraParts, readEventObject } from './ical-in.js';
import {
  type Conditions,
  checkWrite,
  identityOfUser,
  listedOne,
  removeObject,
  rendered,
  serviceCall,
  uidOwner,
} from './objects-common.js';
import type { CaldavRepository, HouseObjectRow } from './repository.js';

/** One calendar object of the house calendar: a one-off event, or a series with its changed occurrences. */
export interface DavObject {
  name: string;
  etag: string;
  text: string;
  eventId: number;
  rows: HouseObjectRow[];
}

const OWN_NAME = /^event-(\d{1,10})\.ics$/;

function parseExtra(text: string | null): ExtraParts | null {
  if (!text) return null;
  const value = JSON.parse(text) as ExtraParts;
  return value.properties.length > 0 || value.components.length > 0 ? value : null;
}

/**
 * The house calendar as CalDAV objects, made from the events table on every request. Writes go through
 * the events service, so they are checked, published live and noted like any other.
 */
export class HouseObjects {
  constructor(
    private readonly repo: CaldavRepository,
    private readonly events: EventsService,
    private readonly publicUrl: string,
  ) {}

  private readonly host = () => new URL(this.publicUrl).host;

  /** Every object of the house, or those of the given series. */
  async list(houseId: number, eventIds?: readonly number[]): Promise<DavObject[]> {
    const rows = await this.repo.houseRows(houseId, eventIds);
    const series = new Map<number, HouseObjectRow[]>();
    for (const row of rows) {
      const id = row.series_id ?? row.event_id;
      const group = series.get(id);
      if (group) group.push(row);
      else series.set(id, [row]);
    }
    const out: DavObject[] = [];
    // Every object of the house opens with the same calendar lines: written once for all of them.
    const first = rows[0];
    const frame = first ? feedFrame(first.house_name) : null;
    for (const [eventId, group] of series) {
      const master = group.find((r) => r.series_id === null);
      if (!master) continue;
      // The series first, then its changed occurrences.
      const ordered = [master, ...group.filter((r) => r !== master)];
      out.push({
        ...rendered(
          master.href_name ?? `event-${eventId}.ics`,
          this.render(ordered, master, frame as FeedFrame),
        ),
        eventId,
        rows: ordered,
      });
    }
    return out;
  }

  /** The iCalendar text of one object: the feed's own VEVENTs, with an app's UID and kept properties. */
  private render(rows: HouseObjectRow[], master: HouseObjectRow, frame: FeedFrame): string {
    const options = { publicUrl: this.publicUrl, houseName: master.house_name };
    const text = [...feedChunks(rows, options, undefined, frame)].join('');
    const extras = rows.map((r) => parseExtra(r.extra));
    if (master.uid === null && extras.every((e) => e === null)) return text;
    const root = new ICAL.Component(ICAL.parse(text));
    root.getAllSubcomponents('vevent').forEach((vevent, i) => {
      if (master.uid !== null) vevent.updatePropertyWithValue('uid', master.uid);
      const extra = extras[i];
      if (!extra) return;
      for (const p of extra.properties) vevent.addProperty(new ICAL.Property(p as ICAL.JCal));
      for (const c of extra.components) vevent.addSubcomponent(new ICAL.Component(c as ICAL.JCal));
    });
    return `${root.toString()}\r\n`;
  }

  /** The series an object name stands for in this house. */
  private async eventIdOf(houseId: number, name: string): Promise<number | undefined> {
    const chosen = await this.repo.eventByHref(houseId, name);
    if (chosen !== undefined) return chosen;
    const own = OWN_NAME.exec(name);
    if (!own) return undefined;
    const id = Number(own[1]);
    return (await this.repo.ownSeries(houseId, id)) ? id : undefined;
  }

  async find(houseId: number, name: string): Promise<DavObject | undefined> {
    return listedOne(await this.eventIdOf(houseId, name), (ids) => this.list(houseId, ids));
  }

  /** The series that carries a UID in the house: an app's own, or Hearth's `event-<id>@host`. */
  private uidOwner(houseId: number, uid: string): Promise<number | undefined> {
    return uidOwner(
      uid,
      'event',
      this.host(),
      (u) => this.repo.eventByUid(houseId, u),
      async (id) => ((await this.repo.ownSeries(houseId, id)) ? id : undefined),
    );
  }

  /**
   * Creates or replaces the object `name` from an app's iCalendar text. Nothing is written unless the
   * text is a valid event object, the conditions hold and its UID is not another object's.
   */
  async put(
    user: UserRow,
    house: { house_id: number; time_zone: string },
    name: string,
    body: string,
    conditions: Conditions,
  ): Promise<{ created: boolean; etag: string }> {
    const object = readEventObject(body, house.time_zone);
    for (const part of [object.master, ...object.overrides]) {
      if (part.title.trim() === '') throw invalidObject('Every event needs a SUMMARY (its title).');
    }
    const existing = await this.find(house.house_id, name);
    await checkWrite(
      existing,
      existing?.eventId,
      conditions,
      () => this.uidOwner(house.house_id, object.uid),
      `The UID ${object.uid} belongs to another event of this calendar.`,
    );
    const identity = identityOfUser(user);
    const fields = (part: EventComponent) => ({
      title: part.title,
      description: part.description,
      location: part.location,
      start_datetime: part.start_datetime,
      end_datetime: part.end_datetime,
      all_day: part.all_day,
      time_zone: part.time_zone,
    });
    const eventId = await serviceCall(async () => {
      if (existing) {
        await this.events.update(identity, existing.eventId, {
          ...fields(object.master),
          rrule: object.master.rrule,
        });
        return existing.eventId;
      }
      const made = await this.events.create(identity, {
        ...fields(object.master),
        rrule: object.master.rrule,
        house_id: house.house_id,
      });
      return made.event_id;
    });
    await this.repo.save({
      event_id: eventId,
      house_id: house.house_id,
      href_name: name === `event-${eventId}.ics` ? null : name,
      uid: object.uid === eventUid(eventId, this.host()) ? null : object.uid,
      extra: JSON.stringify(object.master.extra),
    });

    // Removed and changed occurrences, each as Hearth's "this one" edit.
    let [stored] = await this.list(house.house_id, [eventId]);
    const master = stored?.rows[0];
    if (stored && master?.rrule) {
      const series = seriesOf(master as unknown as EventRow);
      const removed = new Set(parseExdates(master.exdates));
      for (const key of object.master.exdates) {
        if (removed.has(key) || !isOccurrence(series, key)) continue;
        await serviceCall(() =>
          this.events.remove(identity, eventId, { scope: 'this', occurrence_start: key }),
        );
        removed.add(key);
      }
      for (const part of object.overrides) {
        const key = part.recurrence_id as string;
        if (removed.has(key) || !isOccurrence(series, key)) continue;
        const current = stored.rows.find((r) => r.recurrence_id === key);
        const wanted = fields(part);
        if (!current || !sameFields(current, wanted)) {
          const patch: EventPatch = { ...wanted, scope: 'this', occurrence_start: key };
          await serviceCall(() => this.events.update(identity, eventId, patch));
        }
      }
      [stored] = await this.list(house.house_id, [eventId]);
      for (const part of object.overrides) {
        const row = stored?.rows.find((r) => r.recurrence_id === part.recurrence_id);
        if (!row) continue;
        await this.repo.save({
          event_id: row.event_id,
          house_id: house.house_id,
          href_name: null,
          uid: null,
          extra: JSON.stringify(part.extra),
        });
      }
      [stored] = await this.list(house.house_id, [eventId]);
    } else {
      [stored] = await this.list(house.house_id, [eventId]);
    }
    if (!stored) throw davNotFound();
    return { created: !existing, etag: stored.etag };
  }

  async remove(user: UserRow, houseId: number, name: string, conditions: Conditions): Promise<void> {
    await removeObject(await this.find(houseId, name), conditions, (found) =>
      this.events.remove(identityOfUser(user), found.eventId),
    );
  }
}

function sameFields(
  row: HouseObjectRow,
  wanted: Omit<EventComponent, 'rrule' | 'recurrence_id' | 'exdates' | 'extra'>,
) {
  return (
    row.title === wanted.title &&
    row.description === wanted.description &&
    row.location === wanted.location &&
    row.start_datetime === wanted.start_datetime &&
    (row.all_day ? true : row.end_datetime === wanted.end_datetime) &&
    Boolean(row.all_day) === wanted.all_day
  );
}
