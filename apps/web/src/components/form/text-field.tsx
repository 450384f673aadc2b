import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps, useField } from './field';
import { inputClasses } from './input-classes';

export type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, keyof FieldProps | 'ref'>;

/** A labelled one-line input bound to the form value `name`. */
export function TextField(props: TextFieldProps) {
  const field = useField(props);
  return (
    <FieldFrame {...field.frame}>
      <input className={inputClasses} {...field.rest} {...field.aria} {...field.register()} />
    </FieldFrame>
  );
}
