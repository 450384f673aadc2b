import { Plus } from 'lucide-react';
import { type FormEvent, type Ref, useState } from 'react';
import { Button } from '../../../components/button';
import { inputClasses } from '../../../components/text-field';

export interface NameFormProps {
  /** The field's label and placeholder, e.g. 'New list name'. */
  label: string;
  buttonLabel: string;
  maxLength: number;
  /** Called with the trimmed, non-empty name; the field empties and keeps focus for the next one. */
  onSubmit: (name: string) => void;
  inputRef?: Ref<HTMLInputElement>;
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
  inputRef,
  focusKey,
  disabled,
  layout = 'row',
}: NameFormProps) {
  const [value, setValue] = useState('');
  const name = value.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name === '' || disabled) return;
    onSubmit(name);
    setValue('');
    // Clicking the button took focus from the field; give it back for the next name.
    event.currentTarget.querySelector('input')?.focus();
  };

  return (
    <form onSubmit={submit} className={layout === 'row' ? 'flex gap-2' : 'flex flex-col gap-2'}>
      <input
        ref={inputRef}
        data-focus-key={focusKey}
        className={inputClasses}
        aria-label={label}
        placeholder={label}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        disabled={disabled}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button type="submit" className="shrink-0" disabled={name === '' || disabled}>
        <Plus className="size-4" aria-hidden="true" />
        {buttonLabel}
      </Button>
    </form>
  );
}
