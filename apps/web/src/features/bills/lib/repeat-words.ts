import type { Repeat } from '@hearth/contract';

const UNIT: Record<Repeat['every'], [string, string]> = {
  weeks: ['week', 'weeks'],
  months: ['month', 'months'],
  years: ['year', 'years'],
};

/** How often a recurring bill falls due, in words: "Every month on day 1", "Every 2 weeks". */
export function repeatWords(repeat: Repeat): string {
  const [one, many] = UNIT[repeat.every];
  const every = repeat.interval === 1 ? `Every ${one}` : `Every ${repeat.interval} ${many}`;
  if (repeat.every !== 'months' || repeat.month_day === null) return every;
  return repeat.month_day === 'last' ? `${every} on the last day` : `${every} on day ${repeat.month_day}`;
}
