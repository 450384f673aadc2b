import { type ReactNode, useId } from 'react';
import { get, useController, useFormContext, useFormState } from 'react-hook-form';
import { cn } from '../../lib/cn';

/** What every field of the kit takes besides its control's own attributes. */
export interface FieldProps {
  /** The form value it edits (a key of the form's values). */
  name: string;
  label: string;
  /** A short help text under the field. */
  hint?: ReactNode;
  /** Keeps the label for screen readers only (when a placeholder says the same). */
  hideLabel?: boolean;
  id?: string;
  className?: string;
}

/**
 * One field's wiring to the form around it, from the field's props: ids that link label, hint and error
 * message for screen readers, its error from the form state, `register` whose change also clears the
 * messages shown (the field's own and the form's, since they speak of the value before the edit), the
 * props of its FieldFrame, and `rest`: the props meant for the control itself.
 */
export function useField<P extends FieldProps>(props: P) {
  const { name, label, hint, hideLabel, id, className, ...rest } = props;
  const autoId = useId();
  const inputId = id ?? autoId;
  const { register, clearErrors, control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const found: { message?: unknown } | undefined = get(errors, name);
  const error = typeof found?.message === 'string' ? found.message : undefined;
  const describedBy = [hint ? `${inputId}-hint` : null, error ? `${inputId}-error` : null];
  const clear = () => clearErrors([name, 'root']);
  return {
    name,
    clear,
    rest,
    frame: { id: inputId, label, hint, hideLabel, className, error },
    /** id, aria-invalid and aria-describedby for the control. */
    aria: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy.filter(Boolean).join(' ') || undefined,
    },
    register: () => {
      const field = register(name);
      return {
        ...field,
        onChange: (event: { target: unknown; type?: unknown }) => {
          clear();
          return field.onChange(event);
        },
      };
    },
  };
}

/**
 * For a control whose shown value the component works out from the form value (a checkbox, a select, a
 * date picker): the value, the props that tie the control to the form, and `change`, which clears the
 * messages and stores the new value (or hands it to `onValueChange` when other values follow it).
 */
export function useFieldValue<V>(field: ReturnType<typeof useField>, onValueChange?: (value: V) => void) {
  const { field: bound } = useController({ name: field.name });
  return {
    value: bound.value as unknown,
    bind: { name: bound.name, ref: bound.ref, onBlur: bound.onBlur },
    change: (value: V) => {
      field.clear();
      if (onValueChange) onValueChange(value);
      else bound.onChange(value);
    },
  };
}

/** The label above a control, and its hint and error message under it. */
export function FieldFrame({
  id,
  label,
  hint,
  hideLabel = false,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hideLabel?: boolean | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-espresso'}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
