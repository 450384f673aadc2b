import { CircleAlert, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface BannerProps {
  /** 'warning' is amber, 'error' is red (amber for grocery problems, red for the calendar). */
  variant: 'warning' | 'error';
  children: ReactNode;
  /** e.g. a retry button. */
  action?: ReactNode;
  className?: string;
}

const styles = {
  warning: 'border-warning-border bg-warning-bg text-warning',
  error: 'border-danger-border bg-danger-bg text-danger',
};

export function Banner({ variant, children, action, className }: BannerProps) {
  const Icon = variant === 'error' ? CircleAlert : TriangleAlert;
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-3 rounded-xl border px-4 py-3', styles[variant], className)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="flex-1 text-sm font-medium">{children}</div>
      {action}
    </div>
  );
}
