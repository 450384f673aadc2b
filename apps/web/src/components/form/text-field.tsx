import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps, inputClasses, useField } from './field';

export type TextFieldProps = FieldProps & Omit<ComponentProps<'input'>, keyof FieldProps | 'ref'>;

/** A labelled one-line input bound to the form value `name`. */
export function TextField({ name, label, hint, hideLabel, id, className, ...input }: TextFieldProps) {
  const field = useField({ name, id, hint });
  return (
    <FieldFrame {...{ label, hint, hideLabel, className }} id={field.aria.id} error={field.error}>
      <input className={inputClasses} {...input} {...field.aria} {...field.register()} />
    </FieldFrame>
  );
}
