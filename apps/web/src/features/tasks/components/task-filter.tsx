import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import type { TaskFilter } from '../lib/group-tasks';

const OPTIONS: { value: TaskFilter; label: 'tasks:filter.mine' | 'tasks:filter.everyone' }[] = [
  { value: 'mine', label: 'tasks:filter.mine' },
  { value: 'everyone', label: 'tasks:filter.everyone' },
];

/** The Mine / Everyone switch: two toggle buttons, the chosen one pressed. */
export function TaskFilterSwitch({
  value,
  onChange,
}: {
  value: TaskFilter;
  onChange: (value: TaskFilter) => void;
}) {
  return (
    <fieldset className="inline-flex self-start rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{t('tasks:showTasks')}</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'min-h-9 rounded-lg px-4 text-sm font-semibold',
            value === option.value ? 'bg-primary text-on-primary' : 'text-espresso hover:bg-tan-light',
          )}
        >
          {t(option.label)}
        </button>
      ))}
    </fieldset>
  );
}
