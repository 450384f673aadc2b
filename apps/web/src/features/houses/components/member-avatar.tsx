import type { Member } from '@hearth/contract';
import { cn } from '../../../lib/cn';
import { initials } from '../lib/member-words';

/** A member's photo, or their initials on the tan circle. */
export function MemberAvatar({ member, className }: { member: Member; className?: string }) {
  const size = cn('size-12 shrink-0 rounded-full', className);
  return member.profile_img ? (
    <img src={member.profile_img} alt="" className={cn(size, 'object-cover')} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(size, 'flex items-center justify-center bg-tan-light font-bold text-primary')}
    >
      {initials(member)}
    </span>
  );
}
