/** The browser's IANA time zone, sent with events and reminders so dates and repeats keep local time. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
