/* The form kit: a Form on react-hook-form, its fields, and a dialog shell for forms. */
export { CheckboxField } from './checkbox-field';
export { DateTimeField } from './date-time-field';
export {
  apiFailure,
  type FailureHandler,
  Form,
  type FormProblem,
  isFormProblem,
  SubmitButton,
  useFormStatus,
} from './form';
export { CancelButton, FormDialog } from './form-dialog';
export { inputClasses } from './input-classes';
export { SelectField, type SelectOption } from './select-field';
export { TextArea } from './text-area';
export { TextField } from './text-field';
