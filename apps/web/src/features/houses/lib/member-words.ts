import type { Member } from '@hearth/contract';
import { formatDate } from '../../../lib/dates';

export const fullName = (m: Pick<Member, 'first_name' | 'last_name'>) =>
  `${m.first_name} ${m.last_name}`.trim();

/** Two letters for an avatar without a photo. */
export { initials } from '../../../components/member-avatar';

export const joinedWords = (m: Pick<Member, 'joined_at'>) => `Joined ${formatDate(m.joined_at)}`;

/** The removal rule as the page states it. */
export function removalRule(memberCount: number): string {
  return memberCount <= 2
    ? 'With only the two of you in the house, removing them takes effect at once.'
    : 'Removing someone takes effect when a second member confirms it.';
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
  return { kind: 'asked-by-other', askedBy: asker ? fullName(asker) : 'Another member' };
}

/** What leaving will do, said before it is confirmed. */
export function leaveConsequences(memberCount: number): string[] {
  const lines = [
    'Your reminders stay yours.',
    'What you made for the house (events, lists, tasks, expenses) stays with it under your name.',
  ];
  if (memberCount <= 1) {
    lines.push('You are the last member: leaving deletes the house and all its data for good.');
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
