import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { CacheVersions } from '../../core/cache-versions.js';
import type { Db } from '../../db/create-db.js';
import { LiveBus } from './live-bus.js';
import { MemoryTransport } from './memory-transport.js';
import { PgTransport } from './pg-transport.js';

/** In process on SQLite (one instance by nature); LISTEN/NOTIFY on PostgreSQL (any number of instances). */
export async function createLiveBus(
  database: AppConfig['database'],
  db: Db,
  log: FastifyBaseLogger,
  versions?: CacheVersions,
) {
  const transport =
    database.engine === 'postgres'
      ? new PgTransport({ connectionString: database.url, db, log })
      : new MemoryTransport();
  const bus = new LiveBus(transport, log, undefined, versions);
  await bus.start();
  return bus;
}
