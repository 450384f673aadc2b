import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/** Users, houses and the built-in identity provider's storage. */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('houses')
      .addColumn('house_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_name', 'text', (c) => c.notNull())
      .addColumn('house_img', 'text')
      .addColumn('house_code', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('user_id', idColumnType(engine), idColumn(engine))
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('username_key', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone_num', 'text')
      .addColumn('profile_img', 'text')
      .addColumn('house_id', 'integer', (c) => c.references('houses.house_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('users_identity_unique', ['issuer', 'subject'])
      .execute();
    await db.schema.createIndex('users_house_idx').on('users').column('house_id').execute();

    await db.schema
      .createTable('idp_payloads')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('idp_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('idp_payloads_grant_idx').on('idp_payloads').column('grant_id').execute();
    await db.schema
      .createIndex('idp_payloads_uid_idx')
      .on('idp_payloads')
      .columns(['model', 'uid'])
      .execute();
    await db.schema.createIndex('idp_payloads_expires_idx').on('idp_payloads').column('expires_at').execute();

    await db.schema
      .createTable('idp_accounts')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('given_name', 'text')
      .addColumn('family_name', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('idp_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    for (const t of ['idp_secrets', 'idp_accounts', 'idp_payloads', 'users', 'houses']) {
      await db.schema.dropTable(t).execute();
    }
  },
} satisfies EngineMigration;
