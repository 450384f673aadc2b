import type { Member } from '@hearth/contract';
import { cn } from '../lib/cn';

type Person = Pick<Member, 'first_name' | 'last_name' | 'username' | 'profile_img'>;

/** Two letters for someone without a photo: first and last name's, else the username's first. */
export function initials(person: Pick<Person, 'first_name' | 'last_name' | 'username'> | undefined): string {
  if (!person) return '?';
  const letters = [person.first_name, person.last_name].map((part) => part.trim().charAt(0)).join('');
  return (letters || person.username.charAt(0) || '?').toUpperCase();
}

/**
 * A person's round photo, or their initials on the tan circle. Decorative: their name is always written
 * beside it. `className` sets the size (and text size) for the place it stands in.
 */
export function MemberAvatar({ member, className }: { member: Person | undefined; className?: string }) {
  const size = cn('size-7 shrink-0 rounded-full text-xs', className);
  if (member?.profile_img) {
    return <img src={member.profile_img} alt="" className={cn(size, 'border border-tan object-cover')} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(size, 'flex items-center justify-center bg-tan-light font-bold text-primary')}
    >
      {initials(member)}
    </span>
  );
}
