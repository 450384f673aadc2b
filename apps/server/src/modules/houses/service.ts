import type { House, HouseInput } from '@hearth/contract';
import { ErrorCode } from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import type { HouseRow } from '../../db/tables.js';
import { conflict, notFound } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { requiredText } from '../../lib/text.js';
import { newHouseCode, normaliseHouseCode } from './house-code.js';
import type { HousesRepository } from './repository.js';

export function toHouse(row: HouseRow): House {
  return {
    house_id: row.house_id,
    house_name: row.house_name,
    house_img: row.house_img,
    house_code: row.house_code,
  };
}

const alreadyInHouse = () => conflict(ErrorCode.alreadyInHouse, 'You already belong to a house.');

export class HousesService {
  constructor(
    private readonly houses: HousesRepository,
    private readonly membership: Membership,
  ) {}

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
      house_name: requiredText(input.house_name, 'house_name', 80),
      house_img: checkImage(input.house_img, 'house_img'),
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
    if (!(await this.houses.addMember(row.house_id, user.user_id))) throw alreadyInHouse();
    return toHouse(row);
  }

  /** A new invite code; the old one stops working at once. */
  async rotateCode(identity: Identity, houseId: number): Promise<House> {
    await this.membership.ofHouse(identity, houseId);
    return toHouse(await this.houses.setCode(houseId, newHouseCode()));
  }
}
