import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps, useField, useFieldValue } from './field';
import { inputClasses } from './input-classes';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldProps &
  Omit<ComponentProps<'select'>, keyof FieldProps | 'ref' | 'children' | 'value' | 'onChange'> & {
    options: readonly SelectOption[];
  };

/** A labelled drop-down bound to the form value `name` (a string; '' for an option meaning none). */
export function SelectField(props: SelectFieldProps) {
  const field = useField(props);
  const { options, ...select } = field.rest;
  const value = useFieldValue<string>(field);
  return (
    <FieldFrame {...field.frame}>
      <select
        className={inputClasses}
        {...select}
        {...field.aria}
        {...value.bind}
        value={typeof value.value === 'string' ? value.value : ''}
        onChange={(event) => value.change(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
