import type { ComponentProps } from 'react';
import { datePart } from '../../lib/dates';
import { FieldFrame, type FieldProps, useField, useFieldValue } from './field';
import { inputClasses } from './input-classes';

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
export function DateTimeField(props: DateTimeFieldProps) {
  const field = useField(props);
  const { dateOnly = false, onValueChange, ...input } = field.rest;
  const value = useFieldValue(field, onValueChange);
  const text = typeof value.value === 'string' ? value.value : '';
  return (
    <FieldFrame {...field.frame}>
      <input
        className={inputClasses}
        {...input}
        {...field.aria}
        {...value.bind}
        type={dateOnly ? 'date' : 'datetime-local'}
        value={dateOnly ? datePart(text) : text}
        onChange={(event) => value.change(event.target.value)}
      />
    </FieldFrame>
  );
}
