import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Form, SubmitButton, TextField } from '../../../components/form';

export interface NameFormProps {
  /** The field's label (for screen readers) and placeholder, e.g. 'New list name'. */
  label: string;
  buttonLabel: string;
  maxLength: number;
  /**
   * Called with the trimmed, non-empty name; the field empties and keeps focus for the next one. If
   * saving it fails later, `failed` puts the name back (unless something new was typed meanwhile).
   */
  onSubmit: (name: string, failed: (name: string) => void) => void;
  /** For focus requests (data-focus-key). */
  focusKey: string;
  disabled?: boolean;
  /** 'stacked' puts the button under the field (for the narrow list panel). */
  layout?: 'row' | 'stacked';
}

/** One text field and a submit button that stays disabled while the trimmed text is empty; Enter submits. */
export function NameForm({
  label,
  buttonLabel,
  maxLength,
  onSubmit,
  focusKey,
  disabled,
  layout = 'row',
}: NameFormProps) {
  const form = useForm({ defaultValues: { name: '' } });
  const empty = form.watch('name').trim() === '';
  const formRef = useRef<HTMLFormElement>(null);
  const field = () => formRef.current?.querySelector('input');
  const restore = (name: string) => {
    if (form.getValues('name').trim() !== '') return;
    form.setValue('name', name);
    field()?.focus();
  };

  return (
    <Form
      ref={formRef}
      form={form}
      className={layout === 'row' ? 'flex gap-2' : 'flex flex-col gap-2'}
      fieldsClassName="min-w-0 flex-1"
      actionsClassName="flex shrink-0 flex-col"
      // Read from the values, not this render: a second click before React re-renders finds the field
      // already emptied by the first, and sends nothing.
      validate={({ name }) => name.trim() !== '' && !disabled}
      onSubmit={({ name }) => {
        onSubmit(name.trim(), restore);
        form.reset();
        // Clicking the button took focus from the field; give it back for the next name, at once (a
        // focus request of the page may follow).
        field()?.focus();
      }}
      actions={
        <SubmitButton disabled={empty || disabled}>
          <Plus className="size-4" aria-hidden="true" />
          {buttonLabel}
        </SubmitButton>
      }
    >
      <TextField
        label={label}
        hideLabel
        name="name"
        placeholder={label}
        maxLength={maxLength}
        autoComplete="off"
        disabled={disabled}
        data-focus-key={focusKey}
      />
    </Form>
  );
}
