import type { TaskMember } from '@hearth/contract';
import { cn } from '../../../lib/cn';

/** Initials for a member without a picture: first letters of first and last name, else the username's. */
function initials(member: TaskMember | undefined): string {
  if (!member) return '?';
  const letters = `${member.first_name.trim().charAt(0)}${member.last_name.trim().charAt(0)}`;
  return (letters || member.username.charAt(0) || '?').toUpperCase();
}

/** A member's round picture (or initials); decorative, as the name is always written beside it. */
export function MemberAvatar({ member, className }: { member: TaskMember | undefined; className?: string }) {
  const size = cn('size-7 shrink-0 rounded-full', className);
  if (member?.profile_img) {
    return <img src={member.profile_img} alt="" className={cn(size, 'border border-tan object-cover')} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(size, 'flex items-center justify-center bg-tan-light text-xs font-bold text-primary')}
    >
      {initials(member)}
    </span>
  );
}
