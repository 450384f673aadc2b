import type { UserRow } from '../../db/tables.js';
import type { HouseObjects } from './house-objects.js';
import type { CaldavRepository } from './repository.js';
import { type CollectionInfo, type CollectionName, syncToken, type Target } from './resources.js';

/** The house the person lives in now (checked on every request: leaving ends access at once). */
export interface HouseInfo {
  house_id: number;
  house_name: string;
  time_zone: string;
}

/** What every DAV method handler gets: the person, their house, the target and the request. */
export interface DavRequest {
  user: UserRow;
  house: HouseInfo | null;
  target: Target;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  deps: DavDeps;
}

export interface DavDeps {
  repo: CaldavRepository;
  houseObjects: HouseObjects;
  publicUrl: string;
}

export interface DavReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const header = (req: DavRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The collections the person can reach now: the house calendar only while they live in a house. */
export function reachable(req: DavRequest): CollectionName[] {
  return req.house ? ['house'] : [];
}

export async function collectionInfo(req: DavRequest, collection: CollectionName): Promise<CollectionInfo> {
  const house = req.house;
  if (!house) throw new Error(`No ${collection} collection without a house.`);
  const state = await req.deps.repo.state(house.house_id);
  return {
    displayName: house.house_name,
    color: '#C2410CFF',
    components: ['VEVENT'],
    token: syncToken(req.deps.publicUrl, state),
  };
}
