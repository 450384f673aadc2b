import {
  type ComponentProps,
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type FieldValues, FormProvider, type Path, type UseFormReturn, useFormState } from 'react-hook-form';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Button, type ButtonProps } from '../button';
import { DialogHoldContext } from './dialog-hold';

/** A message for the person: at a field (which gets focus), or for the whole form. */
export interface FormProblem {
  field?: string | undefined;
  message: string;
}

/** What to show after an action failed; null shows nothing (log the error here: it is the only trace). */
export type FailureHandler = (error: unknown) => FormProblem | null;

/** Whether a value is a FormProblem (a message, and maybe its field), not an input to send. */
export const isFormProblem = (value: unknown): value is FormProblem =>
  typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string';

/**
 * The kit's failure handler: the API's own sentence for a refusal (4xx), at its field when `fieldOf`
 * names one of the form's fields, else for the whole form; `fallback` for anything else (no answer, a
 * server failure). The error is logged, its only trace.
 */
export function apiFailure(
  fallback: string,
  fieldOf: (apiField: string) => string | undefined = (apiField) => apiField,
): FailureHandler {
  return (error) => {
    console.error(`${fallback}:`, error);
    if (isApiError(error) && error.serverMessage && error.status < 500) {
      return { field: error.field ? fieldOf(error.field) : undefined, message: error.serverMessage };
    }
    return { message: fallback };
  };
}

export interface FormStatus {
  /** The action under way ('submit', or the name given to `run`), or null. */
  busy: string | null;
  /**
   * Runs one action at a time: while one runs (a task that returns a promise, until it settles), the
   * fields and buttons wait and other calls are ignored. A thrown error ends the wait and shows what
   * `onFailure` makes of it; the typed values stay.
   */
  run: (action: string, task: () => unknown, onFailure?: FailureHandler) => Promise<void>;
  /** Shows a problem without running anything. */
  show: (problem: FormProblem) => void;
}

const FormStatusContext = createContext<FormStatus>({
  busy: null,
  run: async () => undefined,
  show: () => undefined,
});

/** The busy state and actions of the Form around the caller (for its buttons). */
export const useFormStatus = () => useContext(FormStatusContext);

export interface FormProps<T extends FieldValues, I = T>
  extends Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> {
  form: UseFormReturn<T>;
  /**
   * Checked first: a problem is shown (its field focused) and nothing is sent; false sends nothing and
   * shows nothing (the form has said why in its own way, or there is nothing to say).
   */
  validate?: (values: T) => FormProblem | boolean | null | undefined;
  /**
   * Makes what is sent from the values, after `validate`: a FormProblem is shown as validate's are and
   * nothing is sent; anything else goes to `onSubmit`. Without it, `onSubmit` gets the values.
   */
  toInput?: (values: T) => I | FormProblem;
  onSubmit: (input: I) => unknown;
  /**
   * What a failed submit shows (see FailureHandler). Without it, apiFailure with `failureMessage`: the
   * API's sentence at the form field of the API field's name when the form has one (or where `fieldOf`
   * maps it), else for the whole form.
   */
  onFailure?: FailureHandler;
  failureMessage?: string;
  fieldOf?: (apiField: string) => string | undefined;
  /**
   * 'dialog': the fields scroll inside a body that takes what the dialog has left under its title, while
   * the messages and buttons under it stay in view.
   */
  variant?: 'page' | 'dialog';
  /** The fields' group name for screen readers. */
  legend?: string;
  /** Also announces a field's message (in a long form the field may be out of view). */
  announceFieldErrors?: boolean;
  /** The buttons, under the fields and the form's message. */
  actions?: ReactNode;
  /** Replace the variant's layout classes of the fields' group and of the buttons' row. */
  fieldsClassName?: string;
  actionsClassName?: string;
  children: ReactNode;
}

const LAYOUT = {
  page: {
    form: 'flex flex-col gap-5',
    body: null,
    fields: 'flex min-w-0 flex-col gap-5',
    alert: '',
    actions: 'flex flex-wrap gap-3',
  },
  dialog: {
    form: 'mt-4 flex min-h-0 flex-1 flex-col',
    // The body shrinks to fit the dialog (min-h-0 down the column) and scrolls, so the buttons never leave
    // the screen; on a screen too short even for 6rem of fields, the dialog as a whole scrolls instead. It
    // is a div around the fieldset: Chromium does not scroll a fieldset that a flex layout shrinks. It is
    // positioned, so a visually hidden control (a file input) stays inside it rather than stretching the
    // dialog below its buttons.
    body: 'relative -mx-1 min-h-24 min-w-0 flex-1 overflow-y-auto overscroll-contain px-1 py-1',
    fields: 'flex min-w-0 flex-col gap-4',
    alert: 'mt-4',
    actions: 'mt-5 flex shrink-0 flex-wrap items-center justify-end gap-3',
  },
};

/**
 * A form of the kit: react-hook-form holds the values; submitting checks them, then runs `onSubmit` once
 * at a time with every field and button disabled, and shows a failure with role=alert, keeping what was
 * typed. Inside a FormDialog, the dialog stays open while it works.
 */
export function Form<T extends FieldValues, I = T>({
  form,
  validate,
  toInput,
  onSubmit,
  onFailure,
  failureMessage,
  fieldOf,
  variant = 'page',
  legend,
  announceFieldErrors = false,
  actions,
  fieldsClassName,
  actionsClassName,
  children,
  className,
  ...props
}: FormProps<T, I>) {
  const [busy, setBusy] = useState<string | null>(null);
  const running = useRef(false);
  const errorId = useId();
  const { errors } = useFormState({ control: form.control });
  const hold = useContext(DialogHoldContext);
  const { setError, clearErrors } = form;

  useEffect(() => hold(busy !== null), [hold, busy]);
  useEffect(() => () => hold(false), [hold]);

  const show = useCallback(
    ({ field, message }: FormProblem) => {
      if (field) setError(field as Path<T>, { message }, { shouldFocus: true });
      else setError('root', { message });
    },
    [setError],
  );

  const run = useCallback<FormStatus['run']>(
    async (action, task, failure) => {
      if (running.current) return;
      running.current = true;
      clearErrors();
      try {
        const result = task();
        if (result instanceof Promise) {
          setBusy(action);
          await result;
        }
      } catch (error) {
        const problem = failure?.(error);
        if (problem) show(problem);
      } finally {
        running.current = false;
        setBusy(null);
      }
    },
    [clearErrors, show],
  );

  const status = useMemo(() => ({ busy, run, show }), [busy, run, show]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    clearErrors();
    const values = form.getValues();
    const problem = validate?.(values);
    if (problem === false) return;
    if (typeof problem === 'object' && problem) return show(problem);
    const input = toInput ? toInput(values) : (values as unknown as I);
    if (toInput && isFormProblem(input)) return show(input);
    // By default an API field shows at the form field of the same name, when the form has one.
    const sameField = (apiField: string) => (apiField in values ? apiField : undefined);
    const failure =
      onFailure ??
      (failureMessage === undefined ? undefined : apiFailure(failureMessage, fieldOf ?? sameField));
    void run('submit', () => onSubmit(input as I), failure);
  };

  const message = errors.root?.message;
  const fieldMessage = announceFieldErrors
    ? Object.values(errors).find((e) => e && e !== errors.root)?.message
    : undefined;
  const layout = LAYOUT[variant];
  const fieldset = (
    <fieldset disabled={busy !== null} className={fieldsClassName ?? layout.fields}>
      {legend && <legend className="sr-only">{legend}</legend>}
      {children}
    </fieldset>
  );

  return (
    <FormProvider {...form}>
      <FormStatusContext value={status}>
        <form
          noValidate
          onSubmit={submit}
          aria-describedby={message ? errorId : undefined}
          className={className ?? layout.form}
          {...props}
        >
          {layout.body ? <div className={layout.body}>{fieldset}</div> : fieldset}
          {message && (
            <p
              id={errorId}
              role="alert"
              className={cn(
                'rounded-xl border border-danger-border bg-danger-bg px-4 py-3 text-sm font-medium text-danger',
                layout.alert,
              )}
            >
              {message}
            </p>
          )}
          {typeof fieldMessage === 'string' && (
            <p role="alert" className="sr-only">
              {fieldMessage}
            </p>
          )}
          {actions && <div className={actionsClassName ?? layout.actions}>{actions}</div>}
        </form>
      </FormStatusContext>
    </FormProvider>
  );
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** The label while the submit runs, e.g. 'Saving...'. */
  busyLabel?: string;
}

/** The form's submit button: disabled while any action runs, saying so with `busyLabel`. */
export function SubmitButton({ busyLabel, children, disabled, ...props }: SubmitButtonProps) {
  const { busy } = useFormStatus();
  return (
    <Button
      type="submit"
      disabled={busy !== null || disabled}
      aria-busy={busy === 'submit' || undefined}
      {...props}
    >
      {busy === 'submit' && busyLabel ? busyLabel : children}
    </Button>
  );
}
