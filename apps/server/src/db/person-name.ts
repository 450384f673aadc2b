import { type RawBuilder, sql } from 'kysely';

/**
 * A member's name as housemates read it, in SQL: first and last name, or the username while the profile
 * has neither (the same on SQLite and PostgreSQL). `table` is the users table's alias in the query.
 */
export function personName(table: string): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<string>`coalesce(nullif(trim(${column('first_name')} || ' ' || ${column('last_name')}), ''), ${column('username')})`;
}
