import { HOUSE_NAME_MAX, type House } from '@hearth/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '../../../components/card';
import { Form, SelectField, SubmitButton, TextField } from '../../../components/form';
import { ImagePicker } from '../../../components/image-picker';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useUpdateHouse } from '../household-api';
import { timeZoneOptions } from '../lib/member-words';

interface Values {
  house_name: string;
  house_img: string | null;
  time_zone: string;
}

/** The house's name, photo and time zone; any member may change them. */
export function HouseSettingsCard({ house }: { house: House }) {
  const form = useForm<Values>({
    values: { house_name: house.house_name, house_img: house.house_img, time_zone: house.time_zone },
  });
  const update = useUpdateHouse(house.house_id);
  const [saved, setSaved] = useState(false);
  const zones = timeZoneOptions(house.time_zone).map((zone) => ({
    value: zone,
    label: zone.replace(/_/g, ' '),
  }));

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">{t('houses:houseDetails')}</h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('houses:anyMemberCanChangeThese')}</p>
      <Form
        form={form}
        legend={t('houses:houseDetails')}
        validate={({ house_name }) =>
          house_name.trim() === '' ? { field: 'house_name', message: t('houses:giveTheHouseAName') } : null
        }
        onSubmit={async ({ house_name, house_img, time_zone }) => {
          setSaved(false);
          await update.mutateAsync({ house_name: house_name.trim(), house_img, time_zone });
          setSaved(true);
        }}
        onFailure={(err) => {
          console.error('Error saving the house:', err);
          if (isApiError(err) && err.field && err.serverMessage)
            return { field: err.field, message: err.serverMessage };
          return { message: t('houses:couldNotSaveHouse') };
        }}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <SubmitButton busyLabel={t('houses:saving')}>{t('houses:saveChanges')}</SubmitButton>
            <p aria-live="polite" className="text-sm font-medium text-success">
              {saved ? t('houses:saved') : ''}
            </p>
          </div>
        }
      >
        <TextField
          label={t('houses:settingsHouseName')}
          name="house_name"
          maxLength={HOUSE_NAME_MAX}
          autoComplete="off"
        />
        <ImagePicker
          label={t('houses:settingsHousePhoto')}
          previewAlt={t('houses:housePhotoPreview')}
          value={form.watch('house_img')}
          onChange={(image) => form.setValue('house_img', image, { shouldDirty: true })}
          error={form.formState.errors.house_img?.message}
        />
        <SelectField label={t('houses:timeZone')} name="time_zone" options={zones} />
      </Form>
    </Card>
  );
}
