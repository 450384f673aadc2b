import { loadConfig, loadDotEnv } from './config.js';
import { BackupError, backupDatabase } from './db/backup.js';

/** `npm run backup -- <file>`: a consistent copy of the configured database while the server runs. */
loadDotEnv();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const config = loadConfig();
try {
  await backupDatabase(config.database, file);
  console.log(
    `Backed up the ${config.database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database to ${file}.`,
  );
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
