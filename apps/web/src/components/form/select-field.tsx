import type { ComponentProps } from 'react';
import { useController } from 'react-hook-form';
import { FieldFrame, type FieldProps, inputClasses, useField } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldProps &
  Omit<ComponentProps<'select'>, keyof FieldProps | 'ref' | 'children' | 'value' | 'onChange'> & {
    options: readonly SelectOption[];
  };

/** A labelled drop-down bound to the form value `name` (a string; '' for an option meaning none). */
export function SelectField({
  name,
  label,
  hint,
  hideLabel,
  id,
  className,
  options,
  ...select
}: SelectFieldProps) {
  const field = useField({ name, id, hint });
  const { field: value } = useController({ name });
  return (
    <FieldFrame {...{ label, hint, hideLabel, className }} id={field.aria.id} error={field.error}>
      <select
        className={inputClasses}
        {...select}
        {...field.aria}
        name={value.name}
        ref={value.ref}
        value={typeof value.value === 'string' ? value.value : ''}
        onBlur={value.onBlur}
        onChange={(event) => {
          field.clear();
          value.onChange(event.target.value);
        }}
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
