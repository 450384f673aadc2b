import { loadConfig, loadDotEnv } from './config.js';
import { createDb } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';

/** `npm run migrate`: bring the configured database up to date and say what ran. */
loadDotEnv();
const config = loadConfig();
const db = createDb(config.database);
try {
  const ran = await migrateToLatest(db, config.database.engine);
  console.log(ran.length ? `Applied: ${ran.join(', ')}` : 'The database is up to date.');
} finally {
  await db.destroy();
}
