import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// better-sqlite3 12 wraps V8 objects directly; on Node 22 and later the garbage collector can finalise one
// of its statements outside any JavaScript context, and Node then aborts the whole process. 13 is built on
// Node-API and is safe there, but crashes on Node 20, which Hearth still supports. Each Node loads the
// release that works on it (13 comes as the alias better-sqlite3-napi, with prebuilt binaries).
const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

export const SQLite: typeof BetterSqlite3 = require(
  nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
);
export type SQLiteDatabase = BetterSqlite3.Database;
