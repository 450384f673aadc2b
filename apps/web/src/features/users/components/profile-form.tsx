import type { UserInput } from '@hearth/contract';
import { ErrorCode } from '@hearth/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ImagePicker } from '../../../components/image-picker';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-client';

export interface ProfileFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_num: string;
  profile_img: string | null;
}

type FieldName = keyof ProfileFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELDS: readonly FieldName[] = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone_num',
  'profile_img',
];
const isField = (name: string | undefined): name is FieldName => FIELDS.includes(name as FieldName);

/** Server errors the person can fix, shown at the field they name. */
export function fieldErrorsFrom(err: unknown): FieldErrors | null {
  if (!isApiError(err)) return null;
  if (err.code === ErrorCode.usernameTaken) return { username: 'That username is already taken.' };
  if (isField(err.field) && err.serverMessage) return { [err.field]: err.serverMessage };
  return null;
}

export interface ProfileFormProps {
  initial: ProfileFormValues;
  onSave: (input: UserInput) => Promise<unknown>;
}

/** SPEC 'Profile setup': save only when username, names and email are filled; otherwise do nothing. */
export function ProfileForm({ initial, onSave }: ProfileFormProps) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);

  const change = <K extends FieldName>(name: K, value: ProfileFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  /** What every text field of the form shares: its value, its change, its error, busy while saving. */
  const bind = (name: Exclude<FieldName, 'profile_img'>) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: errors[name],
    disabled: saving,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const { username, first_name, last_name, email } = values;
    if (!username.trim() || !first_name.trim() || !last_name.trim() || !email.trim()) return;

    setSaving(true);
    setErrors({});
    setFailed(false);
    try {
      await onSave({
        username: username.trim(),
        first_name: first_name.trim(),
        last_name: last_name.trim(),
        email: email.trim(),
        phone_num: values.phone_num.trim() || null,
        profile_img: values.profile_img,
      });
    } catch (err) {
      console.error('Error saving user:', err);
      const fieldErrors = fieldErrorsFrom(err);
      if (fieldErrors) setErrors(fieldErrors);
      else setFailed(true);
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField label="Username" {...bind('username')} autoComplete="username" required />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First Name" {...bind('first_name')} autoComplete="given-name" required />
        <TextField label="Last Name" {...bind('last_name')} autoComplete="family-name" required />
      </div>
      <TextField label="Email" {...bind('email')} type="email" autoComplete="email" required />
      <TextField
        label="Phone Number"
        {...bind('phone_num')}
        type="tel"
        autoComplete="tel"
        placeholder="X-XXX-XXX-XXXX"
      />
      <ImagePicker
        label="Profile Image"
        previewAlt="Profile image preview"
        value={values.profile_img}
        onChange={(profile_img) => change('profile_img', profile_img)}
        error={errors.profile_img}
        disabled={saving}
      />
      {failed && (
        <p role="alert" className="text-sm font-medium text-danger">
          We couldn't save your profile. Please try again.
        </p>
      )}
      <Button type="submit" size="lg" disabled={saving}>
        {saving ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
