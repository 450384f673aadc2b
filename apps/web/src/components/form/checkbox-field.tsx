import { useController } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { type FieldProps, useField } from './field';

export interface CheckboxFieldProps extends Omit<FieldProps, 'hint'> {
  /** Replaces the plain update of the value, e.g. when other values follow it. */
  onValueChange?: (checked: boolean) => void;
}

/** A checkbox with its label beside it, bound to the boolean form value `name`. */
export function CheckboxField({ name, label, id, className, onValueChange }: CheckboxFieldProps) {
  const field = useField({ name, id });
  const { field: value } = useController({ name });
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <input
        type="checkbox"
        className="size-5 rounded border-line accent-primary"
        {...field.aria}
        name={value.name}
        ref={value.ref}
        checked={value.value === true}
        onBlur={value.onBlur}
        onChange={(event) => {
          field.clear();
          if (onValueChange) onValueChange(event.target.checked);
          else value.onChange(event.target.checked);
        }}
      />
      <label htmlFor={field.aria.id} className="font-semibold text-espresso">
        {label}
      </label>
    </div>
  );
}
