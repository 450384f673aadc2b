import { get, useController, useFormState } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { WEEK_ORDER, WEEKDAY_SHORT } from '../lib/repeat-sentence';

const LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The weekdays of a weekly repeat, as seven toggle buttons (Monday first) bound to `weekdays`. */
export function WeekdayPicker() {
  const { field } = useController({ name: 'weekdays' });
  const { errors } = useFormState({ name: 'weekdays' });
  const error = (get(errors, 'weekdays') as { message?: string } | undefined)?.message;
  const chosen: number[] = field.value ?? [];
  const toggle = (day: number) =>
    field.onChange(chosen.includes(day) ? chosen.filter((d) => d !== day) : [...chosen, day]);
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? 'weekdays-error' : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-espresso">{t('tasks:on')}</legend>
      <div className="grid grid-cols-7 gap-1">
        {WEEK_ORDER.map((day) => (
          <button
            key={day}
            type="button"
            aria-pressed={chosen.includes(day)}
            onClick={() => toggle(day)}
            className={cn(
              'min-h-10 min-w-0 rounded-lg border px-0 text-xs font-semibold min-[400px]:text-sm',
              chosen.includes(day)
                ? 'border-primary bg-primary text-on-primary'
                : 'border-line bg-field text-espresso hover:bg-tan-light',
            )}
          >
            {/* Short on screen, the whole day's name for screen readers. */}
            <span aria-hidden="true">{WEEKDAY_SHORT[day]}</span>
            <span className="sr-only">{LONG[day]}</span>
          </button>
        ))}
      </div>
      {error && (
        <p id="weekdays-error" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
