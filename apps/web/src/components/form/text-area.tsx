import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps, useField } from './field';
import { inputClasses } from './input-classes';

export type TextAreaProps = FieldProps & Omit<ComponentProps<'textarea'>, keyof FieldProps | 'ref'>;

/** A labelled multi-line input bound to the form value `name`. */
export function TextArea(props: TextAreaProps) {
  const field = useField(props);
  return (
    <FieldFrame {...field.frame}>
      <textarea className={inputClasses} rows={3} {...field.rest} {...field.aria} {...field.register()} />
    </FieldFrame>
  );
}
