import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { Database } from '../db/tables.js';

/** The tables whose rows belong to one house by their house_id column. */
export type HouseTable = {
  [T in keyof Database]: Database[T] extends { house_id: unknown } ? T : never;
}[keyof Database];

/**
 * Every row of `table` that belongs to the house, in the order of `orderBy` (its id column): what a house
 * export reads of a table it writes out whole.
 */
export async function rowsOfHouse<T extends HouseTable>(
  trx: Db,
  table: T,
  houseId: number,
  orderBy: keyof Database[T] & string,
): Promise<Selectable<Database[T]>[]> {
  // Kysely cannot follow a table chosen by a type parameter: the query is typed for any house table, and
  // the row type of this one is restored on return.
  const rows = await trx
    .selectFrom(table as HouseTable)
    .selectAll()
    .where('house_id', '=', houseId)
    .orderBy(sql.ref(orderBy))
    .execute();
  return rows as Selectable<Database[T]>[];
}
