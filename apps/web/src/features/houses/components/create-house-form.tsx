import { HOUSE_NAME_MAX } from '@hearth/contract';
import { useForm } from 'react-hook-form';
import { Form, TextField } from '../../../components/form';
import { ImagePicker } from '../../../components/image-picker';
import { t } from '../../../lib/i18n';
import { useCreateHouse } from '../api';
import { houseFailureMessage } from '../house-errors';
import { SetupFormActions } from './setup-form-actions';

export interface CreateHouseFormProps {
  onBack: () => void;
  onCreated: () => void;
}

export function CreateHouseForm({ onBack, onCreated }: CreateHouseFormProps) {
  const form = useForm({ defaultValues: { house_name: '', house_img: null as string | null } });
  const create = useCreateHouse();
  const empty = form.watch('house_name').trim() === '';

  return (
    <Form
      form={form}
      validate={() => !empty}
      onSubmit={async ({ house_name, house_img }) => {
        await create.mutateAsync({ house_name: house_name.trim(), house_img });
        onCreated();
      }}
      onFailure={(err) => {
        console.error('Error creating house:', err);
        return houseFailureMessage(err);
      }}
      actions={
        <SetupFormActions
          onBack={onBack}
          empty={empty}
          label={t('houses:create')}
          busyLabel={t('houses:creating')}
        />
      }
    >
      <TextField
        label={t('houses:houseName')}
        name="house_name"
        maxLength={HOUSE_NAME_MAX}
        autoComplete="off"
        autoFocus
      />
      <ImagePicker
        label={t('houses:housePhotoOptional')}
        previewAlt={t('houses:housePhotoPreview')}
        value={form.watch('house_img')}
        onChange={(image) => form.setValue('house_img', image)}
        error={form.formState.errors.house_img?.message}
      />
    </Form>
  );
}
