import { TASK_EFFORT_MAX } from '@hearth/contract';
import { t } from '../../../lib/i18n';

/** Effort as filled dots out of the maximum, with the number for screen readers. */
export function EffortDots({ effort }: { effort: number }) {
  return (
    <span
      className="inline-flex items-center gap-0.5"
      title={t('tasks:effortOf', { effort, TASK_EFFORT_MAX })}
    >
      <span className="sr-only">{t('tasks:effortOf', { effort, TASK_EFFORT_MAX })}</span>
      {Array.from({ length: TASK_EFFORT_MAX }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items
          key={i}
          aria-hidden="true"
          className={i < effort ? 'size-1.5 rounded-full bg-primary' : 'size-1.5 rounded-full bg-tan-light'}
        />
      ))}
    </span>
  );
}
