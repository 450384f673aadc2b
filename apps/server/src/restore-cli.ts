import { loadConfig, loadDotEnv } from './config.js';
import { BackupError, restoreDatabase } from './db/backup.js';

/** `npm run restore -- <file>`: a backup into the configured database, which must be empty. */
loadDotEnv();
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <file>');
  process.exit(2);
}
const config = loadConfig();
try {
  const ran = await restoreDatabase(config.database, file);
  console.log(`Restored ${file}.${ran.length ? ` Then applied: ${ran.join(', ')}.` : ''}`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
