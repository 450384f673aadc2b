import type { ColumnDefinitionBuilder } from 'kysely';
import type { DatabaseEngine } from '../config.js';

/** An auto-numbered integer primary key on either engine. */
export function idColumnType(engine: DatabaseEngine) {
  return engine === 'postgres' ? ('serial' as const) : ('integer' as const);
}

export function idColumn(engine: DatabaseEngine) {
  return (col: ColumnDefinitionBuilder) =>
    engine === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
}
