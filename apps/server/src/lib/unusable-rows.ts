import type { FastifyBaseLogger } from 'fastify';

/*
 * A read never fails on one stored value it cannot use (a zone this runtime does not know, a date that
 * does not exist, a rule that no longer parses): it leaves that row out and says so in the log, once per
 * row for the life of the process, so a house's calendar or bills keep working for every member while
 * the row waits to be mended or removed.
 */

/** Rows already reported, by kind and id; bounded so a house full of bad rows cannot grow it forever. */
const reported = new Set<string>();
const REPORTED_MAX = 10_000;
let logger: Pick<FastifyBaseLogger, 'warn'> | undefined;

/** Where the warnings go: the app's logger, set when the app is built. */
export function reportUnusableRowsTo(log: Pick<FastifyBaseLogger, 'warn'>): void {
  logger = log;
}

/**
 * Whether a stored row can be read: runs `use` (which reads it, or checks it by the rules it was written
 * by) and answers its result, or undefined when it throws, after a warning naming the row.
 */
export function readable<T>(kind: string, id: number, use: () => T): T | undefined {
  try {
    return use();
  } catch (err) {
    const key = `${kind} ${id}`;
    if (!reported.has(key)) {
      if (reported.size >= REPORTED_MAX) reported.clear();
      reported.add(key);
      logger?.warn(
        { [`${kind}_id`]: id, reason: err instanceof Error ? err.message : String(err) },
        `skipped a stored ${kind} that cannot be read`,
      );
    }
    return undefined;
  }
}
