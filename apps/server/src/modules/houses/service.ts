import type {
  House,
  HouseInput,
  HousePatch,
  LeaveResult,
  LiveChange,
  Member,
  RemovalResult,
} from '@hearth/contract';
import { ErrorCode, HOUSE_NAME_MAX } from '@hearth/contract';
import type { HouseEvents } from '../../core/house-events.js';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { HouseRow } from '../../db/tables.js';
import { conflict, notFound, validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { requiredText } from '../../lib/text.js';
import { isTimeZoneName } from '../../lib/time-zone.js';
import { newHouseCode, normaliseHouseCode } from './house-code.js';
import type { HouseChanges, HousesRepository, MemberRow } from './repository.js';

export function toHouse(row: HouseRow): House {
  return {
    house_id: row.house_id,
    house_name: row.house_name,
    house_img: row.house_img,
    house_code: row.house_code,
    time_zone: row.time_zone,
  };
}

function toMember(row: MemberRow): Member {
  return {
    user_id: row.user_id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    profile_img: row.profile_img,
    joined_at: row.joined_at ?? row.created_at,
    removal_requested_by: row.removal_requested_by,
  };
}

const alreadyInHouse = () => conflict(ErrorCode.alreadyInHouse, 'You already belong to a house.');

/** An IANA zone luxon knows, or a 400 naming the field. */
export function checkTimeZone(zone: string, field: string): string {
  const trimmed = zone.trim();
  if (!isTimeZoneName(trimmed)) {
    throw validationError(field, `${field} must be an IANA time zone such as Europe/Berlin.`);
  }
  return trimmed;
}

/**
 * Houses and their members. Every member may rename the house, change its photo and time zone and invite
 * people: a house is run by the people who live in it, with nobody above the others. Removing someone
 * needs a second member's word unless only the two of them live there.
 */
export class HousesService {
  constructor(
    private readonly houses: HousesRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly houseEvents: HouseEvents,
  ) {}

  private publish(houseId: number, change: Omit<LiveChange, 'kind'>) {
    return this.live.publish(houseId, { kind: 'house', ...change });
  }

  async get(identity: Identity, houseId: number): Promise<House> {
    await this.membership.ofHouse(identity, houseId);
    const row = await this.houses.findById(houseId);
    if (!row) throw notFound('House');
    return toHouse(row);
  }

  async create(identity: Identity, input: HouseInput): Promise<House> {
    const user = await this.membership.profile(identity);
    if (user.house_id !== null) throw alreadyInHouse();
    const house = {
      house_name: requiredText(input.house_name, 'house_name', HOUSE_NAME_MAX),
      house_img: await checkImage(input.house_img, 'house_img'),
      house_code: newHouseCode(),
      created_by: user.user_id,
    };
    return toHouse(await this.houses.createWithMember(house, user.user_id));
  }

  async join(identity: Identity, rawCode: string): Promise<House> {
    const user = await this.membership.profile(identity);
    if (user.house_id !== null) throw alreadyInHouse();
    const code = normaliseHouseCode(rawCode);
    const row = code === '' ? undefined : await this.houses.findByCode(code);
    if (!row) throw notFound('No house has that code; it');
    const joinedAt = new Date().toISOString();
    await this.houses.inTransaction(async (trx) => {
      if (!(await this.houses.addMember(row.house_id, user.user_id, joinedAt, trx))) throw alreadyInHouse();
      // Names only: the photo and contact details stay inside Hearth.
      const member = {
        user_id: user.user_id,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        joined_at: joinedAt,
      };
      await this.houseEvents.emit(row.house_id, user, 'member.joined', member, trx);
    });
    await this.publish(row.house_id, {
      entity: 'member',
      action: 'created',
      id: user.user_id,
      actor_id: user.user_id,
    });
    return toHouse(row);
  }

  /** A new invite code; the old one stops working at once. */
  async rotateCode(identity: Identity, houseId: number): Promise<House> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const row = await this.houses.setCode(houseId, newHouseCode());
    await this.publish(houseId, { entity: 'house', action: 'updated', id: houseId, actor_id: user.user_id });
    return toHouse(row);
  }

  /** Changes the name, photo or time zone; every field is checked before anything is written. */
  async update(identity: Identity, houseId: number, patch: HousePatch): Promise<House> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const changes: HouseChanges = {};
    if (patch.house_name !== undefined)
      changes.house_name = requiredText(patch.house_name, 'house_name', HOUSE_NAME_MAX);
    if (patch.house_img !== undefined) changes.house_img = await checkImage(patch.house_img, 'house_img');
    if (patch.time_zone !== undefined) changes.time_zone = checkTimeZone(patch.time_zone, 'time_zone');
    if (Object.keys(changes).length === 0) {
      const row = await this.houses.findById(houseId);
      if (!row) throw notFound('House');
      return toHouse(row);
    }
    const row = await this.houses.update(houseId, changes);
    await this.publish(houseId, { entity: 'house', action: 'updated', id: houseId, actor_id: user.user_id });
    return toHouse(row);
  }

  async members(identity: Identity, houseId: number): Promise<Member[]> {
    await this.membership.ofHouse(identity, houseId);
    return (await this.houses.members(houseId)).map(toMember);
  }

  /**
   * The caller moves out. Their reminders stay theirs and what they made stays with the house; the last
   * member leaving deletes the house and all its data.
   */
  async leave(identity: Identity, houseId: number): Promise<LeaveResult> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const deleted = await this.houses.withHouseLocked(houseId, async (trx) => {
      const gone = await this.houses.depart(trx, houseId, user.user_id);
      if (!gone) await this.houseEvents.emit(houseId, user, 'member.left', { user_id: user.user_id }, trx);
      return gone;
    });
    if (!deleted) {
      await this.publish(houseId, {
        entity: 'member',
        action: 'deleted',
        id: user.user_id,
        actor_id: user.user_id,
      });
    }
    return { house_deleted: deleted };
  }

  /**
   * Asks to remove a member (someone who moved out and cannot sign in any more). In a house of two it
   * happens at once; otherwise it waits until a member other than the one who asked confirms by asking too.
   */
  async remove(identity: Identity, houseId: number, userId: number): Promise<RemovalResult> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    if (userId === user.user_id) {
      throw validationError('user_id', 'To take yourself out of the house, leave it instead.');
    }
    const status = await this.houses.withHouseLocked(houseId, async (trx) => {
      const members = await this.houses.members(houseId, trx);
      if (!members.some((m) => m.user_id === userId)) throw notFound('Member');
      const pending = await this.houses.pendingRemoval(trx, houseId, userId);
      if (members.length <= 2 || (pending && pending.requested_by !== user.user_id)) {
        await this.houses.depart(trx, houseId, userId);
        await this.houseEvents.emit(houseId, user, 'member.left', { user_id: userId }, trx);
        return 'removed' as const;
      }
      if (!pending) await this.houses.requestRemoval(trx, houseId, userId, user.user_id);
      return 'pending' as const;
    });
    const change = {
      entity: 'member',
      action: status === 'removed' ? ('deleted' as const) : ('updated' as const),
      id: userId,
      actor_id: user.user_id,
    };
    await this.publish(houseId, change);
    if (status === 'removed') {
      await this.live.publishToUser(userId, { kind: 'house', ...change });
    }
    return { status };
  }

  /** Withdraws a removal request; any member may, so a mistaken request does not linger. */
  async cancelRemoval(identity: Identity, houseId: number, userId: number): Promise<void> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const cancelled = await this.houses.cancelRemoval(houseId, userId);
    if (!cancelled) throw notFound('Removal request');
    await this.publish(houseId, { entity: 'member', action: 'updated', id: userId, actor_id: user.user_id });
  }

  /**
   * Deletes the caller's account: they leave their house (the last one out deletes it), their profile,
   * reminders and, on the built-in provider, their sign-in account go; shared records stay under
   * "Former member".
   */
  async deleteAccount(identity: Identity, builtInIssuer: string | null): Promise<void> {
    const user = await this.membership.profile(identity);
    const houseId = user.house_id;
    let houseDeleted = false;
    if (houseId === null) {
      await this.houses.inTransaction((trx) => this.houses.eraseAccount(trx, user, builtInIssuer));
    } else {
      houseDeleted = await this.houses.withHouseLocked(houseId, async (trx) => {
        const deleted = await this.houses.depart(trx, houseId, user.user_id);
        await this.houses.eraseAccount(trx, user, builtInIssuer);
        if (!deleted)
          await this.houseEvents.emit(houseId, null, 'member.left', { user_id: user.user_id }, trx);
        return deleted;
      });
    }
    if (houseId !== null && !houseDeleted) {
      await this.publish(houseId, {
        entity: 'member',
        action: 'deleted',
        id: user.user_id,
        actor_id: user.user_id,
      });
    }
  }
}
