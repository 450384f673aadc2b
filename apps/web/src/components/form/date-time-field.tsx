import type { ComponentProps } from 'react';
import { useController } from 'react-hook-form';
import { datePart } from '../../lib/dates';
import { FieldFrame, type FieldProps, inputClasses, useField } from './field';

export type DateTimeFieldProps = FieldProps &
  Omit<ComponentProps<'input'>, keyof FieldProps | 'ref' | 'type' | 'value' | 'onChange'> & {
    /**
     * Shows a date picker for the value's date; the value itself stays a datetime-local value
     * ('YYYY-MM-DDTHH:mm'), so switching back keeps it.
     */
    dateOnly?: boolean;
    /** Replaces the plain update of the value, e.g. when other values follow it. */
    onValueChange?: (value: string) => void;
  };

/**
 * A labelled date-time input bound to the form value `name`, a datetime-local value in the browser's time
 * (lib/dates converts it to and from the API's UTC instants).
 */
export function DateTimeField({
  name,
  label,
  hint,
  hideLabel,
  id,
  className,
  dateOnly = false,
  onValueChange,
  ...input
}: DateTimeFieldProps) {
  const field = useField({ name, id, hint });
  const { field: value } = useController({ name });
  const text = typeof value.value === 'string' ? value.value : '';
  return (
    <FieldFrame {...{ label, hint, hideLabel, className }} id={field.aria.id} error={field.error}>
      <input
        className={inputClasses}
        {...input}
        {...field.aria}
        type={dateOnly ? 'date' : 'datetime-local'}
        name={value.name}
        ref={value.ref}
        value={dateOnly ? datePart(text) : text}
        onBlur={value.onBlur}
        onChange={(event) => {
          field.clear();
          if (onValueChange) onValueChange(event.target.value);
          else value.onChange(event.target.value);
        }}
      />
    </FieldFrame>
  );
}
