import type { ComponentProps } from 'react';
import { FieldFrame, type FieldProps, inputClasses, useField } from './field';

export type TextAreaProps = FieldProps & Omit<ComponentProps<'textarea'>, keyof FieldProps | 'ref'>;

/** A labelled multi-line input bound to the form value `name`. */
export function TextArea({
  name,
  label,
  hint,
  hideLabel,
  id,
  className,
  rows = 3,
  ...textarea
}: TextAreaProps) {
  const field = useField({ name, id, hint });
  return (
    <FieldFrame {...{ label, hint, hideLabel, className }} id={field.aria.id} error={field.error}>
      <textarea className={inputClasses} rows={rows} {...textarea} {...field.aria} {...field.register()} />
    </FieldFrame>
  );
}
