import type { BillPerson } from '@hearth/contract';
import { t } from '../../../lib/i18n';

/**
 * Short names for people in the bills: the first name, with the last name's initial when two share a
 * first name, and the username when even that is shared. Unknown ids read "Someone".
 */
export function shortNames(people: readonly BillPerson[]): (userId: number) => string {
  const count = (key: (p: BillPerson) => string) => {
    const counts = new Map<string, number>();
    for (const p of people) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
    return counts;
  };
  const first = (p: BillPerson) => p.first_name.trim();
  const initial = (p: BillPerson) => `${first(p)} ${p.last_name.trim().charAt(0)}.`.trim();
  const firsts = count(first);
  const initials = count(initial);
  const names = new Map(
    people.map((p) => {
      if (firsts.get(first(p)) === 1) return [p.user_id, first(p)];
      if (initials.get(initial(p)) === 1) return [p.user_id, initial(p)];
      return [p.user_id, `${first(p)} (${p.username})`];
    }),
  );
  return (userId) => names.get(userId) ?? t('bills:someone');
}

/** The choices of a "who paid" list: the people in the house now, by their short name. */
export function payerOptions(
  people: readonly BillPerson[],
  nameOf: (userId: number) => string,
): { value: string; label: string }[] {
  return people
    .filter((p) => p.in_house)
    .map((p) => ({ value: String(p.user_id), label: nameOf(p.user_id) }));
}
