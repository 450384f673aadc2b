import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

/**
 * PostgreSQL as Kysely's own dialect, but asked which tables exist (its migrator asks on every start) it
 * looks in the current schema only. Kysely's introspector reads every column of every schema in the
 * database through name-based functions, which fail with "schema ... does not exist" when another schema
 * is dropped meanwhile (another deployment's, or a test run's beside this one).
 */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table_name: string;
  table_type: string;
  table_schema: string;
  column_name: string;
  data_type: string;
  udt_schema: string;
  is_nullable: string;
  column_default: string | null;
  is_identity: string;
}

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows.map((r) => ({ name: r.name }));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // information_schema joins by OID, so an object dropped meanwhile is simply not there.
    const { rows } = await sql<ColumnRow>`
      select c.table_name, t.table_type, c.table_schema, c.column_name, c.data_type, c.udt_schema,
        c.is_nullable, c.column_default, c.is_identity
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table_name)) continue;
      let table = tables.get(row.table_name);
      if (!table) {
        table = {
          name: row.table_name,
          schema: row.table_schema,
          isView: row.table_type === 'VIEW',
          columns: [],
        };
        tables.set(row.table_name, table);
      }
      table.columns.push({
        name: row.column_name,
        dataType: row.data_type,
        dataTypeSchema: row.udt_schema,
        isNullable: row.is_nullable === 'YES',
        hasDefaultValue: row.column_default !== null || row.is_identity === 'YES',
        isAutoIncrementing:
          row.is_identity === 'YES' || (row.column_default?.startsWith('nextval(') ?? false),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
