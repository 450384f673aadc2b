/** Days as YYYY-MM-DD in the browser's calendar; weeks start on Monday. */

const pad = (n: number) => String(n).padStart(2, '0');

export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date of a YYYY-MM-DD day at local noon (safe from daylight-saving edges). */
export function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

export function addDays(day: string, days: number): string {
  const date = dateOf(day);
  date.setDate(date.getDate() + days);
  return dayOf(date);
}

/** The Monday of the week `day` is in. */
export function weekStart(day: string): string {
  const weekday = (dateOf(day).getDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** What "Add to shopping list" offers first: from today to the end of this week (Sunday). */
export function restOfWeek(today: string): { from: string; to: string } {
  return { from: today, to: addDays(weekStart(today), 6) };
}
