import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/** A rounded surface with a soft shadow: the app's basic block. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-card border border-line bg-surface p-5 shadow-soft sm:p-6', className)}
      {...props}
    />
  );
}
