import type { Member } from '@hearth/contract';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';

export const fullName = (m: Pick<Member, 'first_name' | 'last_name'>) =>
  `${m.first_name} ${m.last_name}`.trim();

/** Two letters for an avatar without a photo. */
export { initials } from '../../../components/member-avatar';

export const joinedWords = (m: Pick<Member, 'joined_at'>) =>
  t('houses:memberWords.joined', { date: formatDate(m.joined_at) });

/** The removal rule as the page states it. */
export function removalRule(memberCount: number): string {
  return memberCount <= 2 ? t('houses:memberWords.removalAtOnce') : t('houses:memberWords.removalConfirmed');
}

/** Where a member's removal stands, from the reader's point of view. */
export type RemovalState =
  | { kind: 'none' }
  | { kind: 'asked-by-me' }
  | { kind: 'asked-by-other'; askedBy: string };

export function removalState(member: Member, me: number, members: readonly Member[]): RemovalState {
  const by = member.removal_requested_by;
  if (by === null) return { kind: 'none' };
  if (by === me) return { kind: 'asked-by-me' };
  const asker = members.find((m) => m.user_id === by);
  return { kind: 'asked-by-other', askedBy: asker ? fullName(asker) : t('houses:memberWords.anotherMember') };
}

/** What leaving will do, said before it is confirmed. */
export function leaveConsequences(memberCount: number): string[] {
  const lines = [t('houses:memberWords.remindersStay'), t('houses:memberWords.madeStays')];
  if (memberCount <= 1) {
    lines.push(t('houses:memberWords.lastMember'));
  }
  return lines;
}

export const TIME_ZONE_FALLBACK = ['UTC'];

/** Every zone the browser knows, with the current one and UTC always offered. */
export function timeZoneOptions(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : TIME_ZONE_FALLBACK;
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b));
}
