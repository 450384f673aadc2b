import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  /** The title's element: a heading when the state is the page's main content. */
  titleAs?: 'p' | 'h1' | 'h2' | 'h3';
  children?: ReactNode;
  /** e.g. a link or button that fixes the emptiness. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({
  icon: Icon,
  title,
  titleAs: Title = 'p',
  children,
  action,
  className,
}: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-card border border-dashed border-tan bg-surface/60 px-6 py-10 text-center',
        className,
      )}
    >
      {Icon && (
        <span className="flex size-12 items-center justify-center rounded-full bg-tan-light text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
      )}
      <Title className="text-lg font-semibold text-espresso">{title}</Title>
      {children && <div className="max-w-prose text-muted">{children}</div>}
      {action}
    </div>
  );
}
