import { afterAll, beforeAll } from 'vitest';

/** Runs the file's tests with the browser's local time in `zone` (Node re-reads TZ when it changes). */
export function runInTimeZone(zone: string): void {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = saved;
  });
}
