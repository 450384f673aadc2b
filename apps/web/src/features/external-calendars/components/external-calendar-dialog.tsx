import {
  EXTERNAL_CALENDAR_NAME_MAX,
  EXTERNAL_CALENDAR_URL_MAX,
  type ExternalCalendar,
  type ExternalCalendarInput,
} from '@hearth/contract';
import { useForm } from 'react-hook-form';
import {
  CancelButton,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextField,
} from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

interface Values {
  name: string;
  url: string;
  color: string;
  who: 'house' | 'me';
}

export const DEFAULT_COLOR = '#2f7d6d';

const toValues = (calendar: ExternalCalendar | null): Values => ({
  name: calendar?.name ?? '',
  url: calendar?.url ?? '',
  color: calendar?.color ?? DEFAULT_COLOR,
  who: calendar && !calendar.shared ? 'me' : 'house',
});

export interface ExternalCalendarDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The calendar to edit, or null to add one. */
  calendar: ExternalCalendar | null;
  onSubmit: (input: ExternalCalendarInput) => Promise<unknown>;
}

/** "Add a calendar by link" (or edit one): name, link, colour, and whether the whole house sees it. */
export function ExternalCalendarDialog({
  open,
  onOpenChange,
  calendar,
  onSubmit,
}: ExternalCalendarDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={calendar ? t('events:external.editTitle') : t('events:external.addTitle')}
      description={t('events:external.dialogDescription')}
      closeLabel={t('events:external.closeDialog')}
    >
      <CalendarForm
        key={calendar?.external_calendar_id ?? 'new'}
        calendar={calendar}
        onSubmit={onSubmit}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function CalendarForm({
  calendar,
  onSubmit,
  onDone,
}: {
  calendar: ExternalCalendar | null;
  onSubmit: (input: ExternalCalendarInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm<Values>({ defaultValues: toValues(calendar) });
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('events:external.legend')}
      validate={(values) =>
        values.name.trim() === ''
          ? { field: 'name', message: t('events:external.nameRequired') }
          : values.url.trim() === ''
            ? { field: 'url', message: t('events:external.urlRequired') }
            : null
      }
      onSubmit={async (values) => {
        await onSubmit({
          name: values.name.trim(),
          url: values.url.trim(),
          color: values.color,
          shared: values.who === 'house',
        });
        onDone();
      }}
      onFailure={(err) => {
        console.error('Error saving outside calendar:', err);
        if (isApiError(err) && err.code === 'too_many_external_calendars') {
          return { message: t('events:external.tooMany') };
        }
        return isApiError(err) &&
          err.field &&
          err.serverMessage &&
          ['name', 'url', 'color'].includes(err.field)
          ? { field: err.field as keyof Values, message: err.serverMessage }
          : { message: t('events:external.saveFailed') };
      }}
      actions={
        <>
          <CancelButton>{t('events:external.cancel')}</CancelButton>
          <SubmitButton busyLabel={calendar ? t('events:external.saving') : t('events:external.creating')}>
            {calendar ? t('events:external.save') : t('events:external.create')}
          </SubmitButton>
        </>
      }
    >
      <TextField
        label={t('events:external.name')}
        name="name"
        maxLength={EXTERNAL_CALENDAR_NAME_MAX}
        placeholder={t('events:external.namePlaceholder')}
        autoComplete="off"
      />
      <TextField
        label={t('events:external.url')}
        name="url"
        type="url"
        inputMode="url"
        maxLength={EXTERNAL_CALENDAR_URL_MAX}
        placeholder={t('events:external.urlPlaceholder')}
        hint={t('events:external.urlHint')}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField label={t('events:external.color')} name="color" type="color" className="max-w-32" />
      <SelectField
        label={t('events:external.whoSees')}
        name="who"
        options={[
          { value: 'house', label: t('events:external.wholeHouse') },
          { value: 'me', label: t('events:external.justMe') },
        ]}
      />
    </Form>
  );
}
