/** PostgreSQL and SQLite name the same constraint failures differently; these read either. */
function violates(err: unknown, pgCode: string, sqliteCode: string, sqliteMessage: RegExp): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === pgCode || e?.code === sqliteCode || sqliteMessage.test(e?.message ?? '');
}

export const isUniqueViolation = (err: unknown) =>
  violates(err, '23505', 'SQLITE_CONSTRAINT_UNIQUE', /UNIQUE constraint/);

export const isForeignKeyViolation = (err: unknown) =>
  violates(err, '23503', 'SQLITE_CONSTRAINT_FOREIGNKEY', /FOREIGN KEY constraint/);
