import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import migration from '../../db/migrations/2026-11-23-070-grocery-details.js';
import { memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the grocery details migration', () => {
  it('files the items made before it by the dictionary, and goes down and up again', async () => {
    const { client, house } = await memberOfNewHouse(t, 'gm-before');
    const list = (await client.post('/api/grocery-list/', { grocery_list_name: 'Old list' })).json();
    const engine = t.testDb.database.engine;
    const db = t.testDb.db;
    // Migrations see an untyped database.
    const raw = db as unknown as Kysely<unknown>;

    // Back to the schema before it, with items as the app made them then.
    await migration.down(raw);
    for (const name of ['Potatoes', 'Greek yogurt', 'Nails']) {
      await sql`insert into grocery_items (grocery_list_id, grocery_item_name, completed, created_at)
        values (${list.grocery_list_id}, ${name}, ${sql.lit(false)}, ${new Date().toISOString()})`.execute(
        db,
      );
    }

    await migration.up(raw, engine);
    const rows = await db
      .selectFrom('grocery_items')
      .select(['grocery_item_name', 'name_key', 'category', 'quantity'])
      .where('grocery_list_id', '=', list.grocery_list_id)
      .orderBy('grocery_item_id')
      .execute();
    expect(rows).toEqual([
      { grocery_item_name: 'Potatoes', name_key: 'potato', category: 'produce', quantity: null },
      { grocery_item_name: 'Greek yogurt', name_key: 'greek yogurt', category: 'dairy', quantity: null },
      { grocery_item_name: 'Nails', name_key: 'nail', category: 'other', quantity: null },
    ]);
    // The new tables are there and work.
    const order = await client.get(`/api/house/${house.house_id}/grocery-category-order`);
    expect(order.statusCode).toBe(200);
  });
});
