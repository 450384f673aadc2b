import { cn } from '../lib/cn';
import { t } from '../lib/i18n';

export interface SpinnerProps {
  /** Read to screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ label = t('loading'), className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <svg className="size-8 animate-spin text-primary" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Covers the screen while something the whole page needs is loading. */
export function FullScreenSpinner({ label }: SpinnerProps) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-cream">
      <Spinner label={label} className="[&_svg]:size-12" />
    </div>
  );
}
