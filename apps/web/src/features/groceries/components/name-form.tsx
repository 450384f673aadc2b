import { Plus } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Form, SubmitButton, TextField } from '../../../components/form';

export interface NameFormProps {
  /** The field's label (for screen readers) and placeholder, e.g. 'New list name'. */
  label: string;
  buttonLabel: string;
  maxLength: number;
  /** Called with the trimmed, non-empty name; the field empties and keeps focus for the next one. */
  onSubmit: (name: string) => void;
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

  return (
    <Form
      ref={formRef}
      form={form}
      className={layout === 'row' ? 'flex gap-2' : 'flex flex-col gap-2'}
      fieldsClassName="min-w-0 flex-1"
      actionsClassName="flex shrink-0 flex-col"
      validate={() => !empty && !disabled}
      onSubmit={({ name }) => {
        onSubmit(name.trim());
        form.reset();
        // Clicking the button took focus from the field; give it back for the next name, at once (a
        // focus request of the page may follow).
        formRef.current?.querySelector('input')?.focus();
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
