import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/**
 * A rounded surface with a soft shadow: the app's basic block. It never grows wider than its column
 * (min-w-0), so long content inside wraps instead of widening a grid or flex layout.
 */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('min-w-0 rounded-card border border-line bg-surface p-5 shadow-soft sm:p-6', className)}
      {...props}
    />
  );
}
