import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, type WebhookInput } from '@hearth/contract';
import { useForm } from 'react-hook-form';
import {
  CancelButton,
  CheckboxField,
  Form,
  FormDialog,
  SubmitButton,
  TextField,
} from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { CHOOSABLE_EVENTS, eventLabel } from '../lib';

interface WebhookFormValues {
  url: string;
  description: string;
  /** One flag per CHOOSABLE_EVENTS entry, in its order. */
  events: boolean[];
}

export interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: WebhookInput) => Promise<unknown>;
}

/** "Add webhook": the receiver's URL, a description, and the events it gets. */
export function WebhookFormDialog({ open, onOpenChange, onSubmit }: WebhookFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('webhooks:form.title')}
      description={t('webhooks:form.description')}
      closeLabel={t('webhooks:form.close')}
    >
      <WebhookForm
        onSubmit={async (input) => {
          await onSubmit(input);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

function WebhookForm({ onSubmit }: { onSubmit: (input: WebhookInput) => Promise<void> }) {
  const form = useForm<WebhookFormValues>({
    defaultValues: { url: '', description: '', events: CHOOSABLE_EVENTS.map(() => false) },
  });
  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('webhooks:form.title')}
      validate={(values) => {
        if (!/^https?:\/\/\S+$/i.test(values.url.trim())) {
          return { field: 'url', message: t('webhooks:form.urlInvalid') };
        }
        if (!values.events.some(Boolean)) return { message: t('webhooks:form.eventsRequired') };
        return null;
      }}
      onSubmit={(values) =>
        onSubmit({
          url: values.url.trim(),
          description: values.description.trim(),
          events: CHOOSABLE_EVENTS.filter((_, i) => values.events[i]),
        })
      }
      onFailure={(err) => {
        console.error('Error adding webhook:', err);
        if (isApiError(err) && err.serverMessage && (err.field === 'url' || err.field === 'description')) {
          return { field: err.field, message: err.serverMessage };
        }
        if (isApiError(err) && err.serverMessage && err.field === 'events')
          return { message: err.serverMessage };
        return { message: t('webhooks:form.failed') };
      }}
      actions={
        <>
          <CancelButton />
          <SubmitButton busyLabel={t('webhooks:form.adding')}>{t('webhooks:form.add')}</SubmitButton>
        </>
      }
    >
      <TextField
        label={t('webhooks:form.url')}
        name="url"
        type="url"
        inputMode="url"
        maxLength={WEBHOOK_URL_MAX}
        hint={t('webhooks:form.urlHint')}
        placeholder={t('webhooks:form.urlPlaceholder')}
        autoComplete="off"
      />
      <TextField
        label={t('webhooks:form.descriptionLabel')}
        name="description"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        autoComplete="off"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold text-espresso">{t('webhooks:form.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CHOOSABLE_EVENTS.map((type, i) => (
            <CheckboxField key={type} name={`events.${i}`} label={eventLabel(type)} />
          ))}
        </div>
      </fieldset>
    </Form>
  );
}
