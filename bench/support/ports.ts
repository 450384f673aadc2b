/** One port range per bench, so any two can run at the same time on one machine. */
export const PORTS = {
  calendar: 3390,
  groceries: 3490,
  bills: 3491,
  grocerySuggestions: 3492,
  bigHouse: 3493,
  tasks: 3495,
  timeline: 3497,
  meals: 3498,
  /** bench:speed uses this one and the next few (Hearth, the hello route, Radicale, an uncached Hearth). */
  speed: 3520,
  /** bench:caldav uses this one and the next (Hearth, Radicale). */
  caldav: 3530,
  fault: 3991,
  /** bench:pg-outage uses this one and the next two (three instances). */
  pgOutage: 3993,
} as const;
