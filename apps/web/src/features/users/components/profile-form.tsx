import type { UserInput } from '@hearth/contract';
import { EMAIL_MAX, ErrorCode, PERSON_NAME_MAX, PHONE_MAX, USERNAME_MAX } from '@hearth/contract';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@hearth/i18n';
import { useForm } from 'react-hook-form';
import { Form, type FormProblem, SelectField, SubmitButton, TextField } from '../../../components/form';
import { ImagePicker } from '../../../components/image-picker';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

export interface ProfileFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_num: string;
  profile_img: string | null;
  /** '' follows the browser. */
  language: '' | Language;
}

const FIELDS: readonly string[] = [
  'username',
  'first_name',
  'last_name',
  'email',
  'phone_num',
  'profile_img',
  'language',
];

/** Server errors the person can fix, shown at the field they name. */
function problemFrom(err: unknown): FormProblem | null {
  if (!isApiError(err)) return null;
  if (err.code === ErrorCode.usernameTaken)
    return { field: 'username', message: t('users:thatUsernameIsAlreadyTaken') };
  if (err.field && FIELDS.includes(err.field) && err.serverMessage)
    return { field: err.field, message: err.serverMessage };
  return null;
}

export interface ProfileFormProps {
  initial: ProfileFormValues;
  onSave: (input: UserInput) => Promise<unknown>;
}

/** Profile setup: saves only when username, names and email are filled; otherwise does nothing. */
export function ProfileForm({ initial, onSave }: ProfileFormProps) {
  const form = useForm<ProfileFormValues>({ defaultValues: initial });
  const image = form.watch('profile_img');
  const imageError = form.formState.errors.profile_img?.message;

  return (
    <Form
      form={form}
      validate={({ username, first_name, last_name, email }) =>
        [username, first_name, last_name, email].every((value) => value.trim() !== '')
      }
      onSubmit={(values) =>
        onSave({
          username: values.username.trim(),
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          phone_num: values.phone_num.trim() || null,
          profile_img: values.profile_img,
          language: values.language || null,
        })
      }
      onFailure={(err) => {
        console.error('Error saving user:', err);
        return problemFrom(err) ?? { message: t('users:couldNotSaveProfile') };
      }}
      actions={
        <SubmitButton size="lg" busyLabel={t('users:saving')} className="w-full">
          {t('users:saveProfile')}
        </SubmitButton>
      }
    >
      <TextField
        label={t('users:username')}
        name="username"
        autoComplete="username"
        maxLength={USERNAME_MAX}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('users:firstName')}
          name="first_name"
          autoComplete="given-name"
          maxLength={PERSON_NAME_MAX}
          required
        />
        <TextField
          label={t('users:lastName')}
          name="last_name"
          autoComplete="family-name"
          maxLength={PERSON_NAME_MAX}
          required
        />
      </div>
      <TextField
        label={t('users:email')}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
        required
      />
      <TextField
        label={t('users:phoneNumber')}
        name="phone_num"
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX}
        placeholder={t('users:xXxxXxxXxxx')}
      />
      <SelectField
        label={t('users:language')}
        name="language"
        options={[
          { value: '', label: t('users:languageFollowBrowser') },
          ...LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] })),
        ]}
      />
      <ImagePicker
        label={t('users:profileImage')}
        previewAlt={t('users:profileImagePreview')}
        value={image}
        onChange={(profile_img) => {
          form.clearErrors('profile_img');
          form.setValue('profile_img', profile_img);
        }}
        error={imageError}
      />
    </Form>
  );
}
