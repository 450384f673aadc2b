import { rmSync } from 'node:fs';

/** Removes the run's SQLite folder once the server has stopped. */
export default function removeData() {
  const dir = process.env.HEARTH_E2E_DATA;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
