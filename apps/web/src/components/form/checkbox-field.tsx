import { cn } from '../../lib/cn';
import { type FieldProps, useField, useFieldValue } from './field';

export interface CheckboxFieldProps extends Omit<FieldProps, 'hint' | 'hideLabel'> {
  /** Replaces the plain update of the value, e.g. when other values follow it. */
  onValueChange?: (checked: boolean) => void;
}

/** A checkbox with its label beside it, bound to the boolean form value `name`. */
export function CheckboxField(props: CheckboxFieldProps) {
  const field = useField(props);
  const value = useFieldValue(field, field.rest.onValueChange);
  return (
    <div className={cn('flex items-center gap-3', field.frame.className)}>
      <input
        type="checkbox"
        className="size-5 rounded border-line accent-primary"
        {...field.aria}
        {...value.bind}
        checked={value.value === true}
        onChange={(event) => value.change(event.target.checked)}
      />
      <label htmlFor={field.aria.id} className="font-semibold text-espresso">
        {field.frame.label}
      </label>
    </div>
  );
}
