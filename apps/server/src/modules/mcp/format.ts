import type { Language } from '@hearth/i18n/server';

/** How an assistant's answers write times, dates, money and names: in the person's language. */
export class AnswerFormat {
  private readonly instant: Intl.DateTimeFormat;
  private readonly day: Intl.DateTimeFormat;

  constructor(
    readonly lang: Language,
    readonly timeZone: string,
  ) {
    this.instant = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    this.day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  }

  /** An instant, in the house's zone. */
  when(iso: string): string {
    return this.instant.format(new Date(iso));
  }

  /** A calendar date (YYYY-MM-DD), as it is. */
  date(ymd: string): string {
    return this.day.format(new Date(`${ymd.slice(0, 10)}T00:00:00Z`));
  }

  money(minor: number, currency: string): string {
    const format = new Intl.NumberFormat(this.lang, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  }

  list(items: readonly string[]): string {
    return new Intl.ListFormat(this.lang, { type: 'conjunction' }).format(items);
  }
}

/** A person as answers name them: first and last name, else the user name. */
export function personName(p: { first_name: string; last_name: string; username: string }): string {
  const full = `${p.first_name} ${p.last_name}`.trim();
  return full === '' ? p.username : full;
}
