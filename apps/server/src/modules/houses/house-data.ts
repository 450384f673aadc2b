import type { ExportPerson, HouseExport, ImportResult } from '@hearth/contract';
import { ErrorCode, HOUSE_EXPORT_FORMAT, HOUSE_EXPORT_VERSION } from '@hearth/contract';
import type { DatabaseEngine } from '../../config.js';
import type { Identity } from '../../core/identity.js';
import { jsonChunks } from '../../core/json-stream.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type {
  AnyHouseDataHook,
  HouseDataHook,
  HouseDataKey,
  PeopleIds,
  PeopleRefs,
  StreamedSection,
} from '../../core/module.js';
import type { Db } from '../../db/create-db.js';
import { conflict, notFound, validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { requiredText } from '../../lib/text.js';
import type { HousesRepository } from './repository.js';
import { checkTimeZone } from './service.js';

/** A house document on its way out: when it was made, and its JSON text in chunks. */
export interface HouseDocument {
  exportedAt: string;
  chunks: AsyncIterable<string>;
}

/** Numbers people in the order they are first named: members first (oldest first), then authors. */
class PeopleNumbering implements PeopleRefs {
  private readonly refs = new Map<number, number>();

  ref(userId: number): number {
    let ref = this.refs.get(userId);
    if (ref === undefined) {
      ref = this.refs.size + 1;
      this.refs.set(userId, ref);
    }
    return ref;
  }

  /** User ids in ref order. */
  ids(): number[] {
    return [...this.refs.keys()];
  }
}

class ImportedPeople implements PeopleIds {
  constructor(private readonly ids: readonly number[]) {}

  userId(ref: number): number {
    const id = this.ids[ref - 1];
    if (id === undefined) {
      throw validationError('people', `The document names person ${ref}, who is not in people.`);
    }
    return id;
  }
}

const houseNotEmpty = () =>
  conflict(ErrorCode.houseNotEmpty, 'Import needs a house without events, lists, tasks or expenses.');

/**
 * The house as one versioned JSON document, and that document brought into another (empty) house. Each
 * module writes and reads its own section; this service numbers the people, carries the house's settings
 * and runs everything in one transaction, so an export is consistent and a failed import adds nothing.
 */
export class HouseDataService {
  constructor(
    private readonly db: Db,
    private readonly engine: DatabaseEngine,
    private readonly houses: HousesRepository,
    private readonly membership: Membership,
    private readonly hooks: readonly AnyHouseDataHook[],
    private readonly live: LivePublisher,
  ) {}

  /**
   * The house as its document, written out as it is read: the membership is checked here; the first
   * chunk (which opens the one snapshot every section is read from and finds the house) is made before
   * this returns, so a failure there is an ordinary error answer. The snapshot ends when the last chunk is
   * made, or when whoever reads the chunks stops (an aborted download).
   */
  async export(identity: Identity, houseId: number): Promise<HouseDocument> {
    await this.membership.ofHouse(identity, houseId);
    const exportedAt = new Date().toISOString();
    const chunks = this.documentChunks(houseId, exportedAt);
    const first = await chunks.next();
    return {
      exportedAt,
      chunks: {
        [Symbol.asyncIterator]: () => {
          let started = false;
          return {
            next: () => {
              if (started) return chunks.next();
              started = true;
              return Promise.resolve(first);
            },
            return: (value?: unknown) => chunks.return(value as undefined),
          };
        },
      },
    };
  }

  private async *documentChunks(houseId: number, exportedAt: string): AsyncGenerator<string, undefined> {
    let begin = this.db.startTransaction();
    // One snapshot for every section: PostgreSQL needs asking; SQLite reads one anyway.
    if (this.engine === 'postgres') begin = begin.setIsolationLevel('repeatable read');
    const trx = await begin.execute();
    try {
      const house = await this.houses.findById(houseId, trx);
      if (!house) throw notFound('House');
      const people = new PeopleNumbering();
      for (const member of await this.houses.members(houseId, trx)) people.ref(member.user_id);
      // Each section is read when the writer reaches it, so people are numbered in the document's order.
      const data: StreamedData = {};
      for (const hook of this.hooks) data[hook.section] = () => hook.export(houseId, trx, people);
      // People come last: the sections' pages number everyone they name as they are written.
      const listed = (async function* (houses: HousesRepository) {
        const rows = new Map((await houses.people(trx, people.ids())).map((r) => [r.user_id, r]));
        for (const [index, id] of people.ids().entries()) {
          const row = rows.get(id);
          if (!row) throw new Error(`Exported records name user ${id}, who does not exist.`);
          const person: ExportPerson = {
            ref: index + 1,
            username: row.username,
            first_name: row.first_name,
            last_name: row.last_name,
            profile_img: row.profile_img,
            member: row.house_id === houseId,
            former: row.deleted_at !== null,
          };
          yield person;
        }
      })(this.houses);
      const document: Omit<StreamedSection<HouseExport>, 'data'> & { data: StreamedData } = {
        format: HOUSE_EXPORT_FORMAT,
        version: HOUSE_EXPORT_VERSION,
        exported_at: exportedAt,
        house: { house_name: house.house_name, house_img: house.house_img, time_zone: house.time_zone },
        data,
        people: listed,
      };
      yield* jsonChunks(document);
      await trx.commit().execute();
    } finally {
      // Only reads were made: a document not written to its end just lets the snapshot go.
      if (!trx.isCommitted) await trx.rollback().execute();
    }
    return undefined;
  }

  /**
   * Brings a house export into this house, which must have no records yet (its members may already live
   * there). A person of the document whose username matches a member here becomes that member; everyone
   * else is kept as a non-member (or "Former member") so their records keep their name. The house takes
   * the document's name, photo and time zone.
   */
  async import(identity: Identity, houseId: number, doc: HouseExport): Promise<ImportResult> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const settings = {
      house_name: requiredText(doc.house.house_name, 'house.house_name', 80),
      house_img: await checkImage(doc.house.house_img, 'house.house_img'),
      time_zone: checkTimeZone(doc.house.time_zone, 'house.time_zone'),
    };
    const people: (HouseExport['people'][number] & { profile_img: string | null })[] = [];
    // One at a time: each photo is decoded and re-encoded.
    for (const [i, p] of doc.people.entries()) {
      if (p.ref !== i + 1)
        throw validationError(`people[${i}].ref`, 'people must be numbered 1, 2, 3... in order.');
      people.push({ ...p, profile_img: await checkImage(p.profile_img, `people[${i}].profile_img`) });
    }
    const known = new Set(this.hooks.map((h) => h.section));
    for (const key of Object.keys(doc.data)) {
      if (!known.has(key as HouseDataKey)) {
        throw validationError(`data.${key}`, `This Hearth cannot import ${key}.`);
      }
    }

    const result = await this.houses.withHouseLocked(houseId, async (trx) => {
      for (const hook of this.hooks) if (await hook.hasData(houseId, trx)) throw houseNotEmpty();
      const members = new Map(
        (await this.houses.members(houseId, trx)).map((m) => [m.username.toLowerCase(), m.user_id]),
      );
      const ids: number[] = [];
      let added = 0;
      for (const person of people) {
        const member = person.former ? undefined : members.get(person.username.toLowerCase());
        if (member !== undefined) {
          ids.push(member);
          // One member of this house answers for one person of the document.
          members.delete(person.username.toLowerCase());
        } else {
          ids.push(await this.houses.insertPlaceholder(trx, person));
          added += 1;
        }
      }
      await this.houses.setHouseSettings(trx, houseId, settings);
      const map = new ImportedPeople(ids);
      const sections: Record<string, number> = {};
      for (const hook of this.hooks) {
        const count = await importSection(hook, houseId, doc.data, map, trx);
        if (count !== null) sections[hook.section] = count;
      }
      return { people: added, sections };
    });
    await this.live.publish(houseId, {
      kind: 'house',
      entity: 'house',
      action: 'updated',
      id: houseId,
      actor_id: user.user_id,
    });
    return result;
  }
}

/** The document's sections, each read by its hook when the writer reaches it (big lists as pages). */
type StreamedData = Partial<Record<HouseDataKey, () => Promise<unknown>>>;

async function importSection<K extends HouseDataKey>(
  hook: HouseDataHook<K>,
  houseId: number,
  data: HouseExport['data'],
  people: PeopleIds,
  trx: Db,
): Promise<number | null> {
  const section = data[hook.section];
  if (section === undefined) return null;
  return hook.import(houseId, section as NonNullable<HouseExport['data'][K]>, people, trx);
}
