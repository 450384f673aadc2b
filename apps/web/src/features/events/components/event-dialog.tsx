import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
  type Event,
  type EventOccurrence,
  type EventScope,
} from '@hearth/contract';
import { Fragment, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  CancelButton,
  CheckboxField,
  DateTimeField,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
  useFormStatus,
} from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone, datePart } from '../../../lib/dates';
import { options, t } from '../../../lib/i18n';
import { useCreateEvent, useDeleteEvent, useEvent, useUpdateEvent } from '../api';
import {
  blankEventForm,
  checkEventForm,
  type EventFormState,
  eventToForm,
  EventDialogMessages as M,
  setAllDay,
  setStart,
} from '../lib/event-form';
import {
  blankRepeat,
  buildRrule,
  type RepeatFormState,
  repeatChoices,
  rruleToForm,
  WEEKDAYS,
} from '../lib/repeat-form';

/** The dialog's values: the event, how it repeats (weekly days as seven switches), and for a repeating event the part a change applies to. */
type DialogValues = EventFormState &
  Omit<RepeatFormState, 'weekdays'> & { days: boolean[]; scope: EventScope };

const SCOPES = options<EventScope>([
  ['this', () => t('events:scope.this')],
  ['following', () => t('events:scope.following')],
  ['all', () => t('events:scope.all')],
]);

function dialogValues(form: EventFormState, repeat: RepeatFormState): DialogValues {
  const { weekdays, ...rest } = repeat;
  return { ...form, ...rest, days: WEEKDAYS.map(({ day }) => weekdays.includes(day)), scope: 'this' };
}

const repeatOf = (values: DialogValues): RepeatFormState => ({
  repeat: values.repeat,
  interval: values.interval,
  weekdays: WEEKDAYS.filter((_, i) => values.days[i]).map(({ day }) => day),
  ends: values.ends,
  until: values.until,
  count: values.count,
});

/** Closed, open to create, or open to edit an event (null: the id could not be read). */
export type EventDialogState =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'edit'; eventId: number | null; occurrence?: EventOccurrence };

export interface EventDialogProps {
  state: EventDialogState;
  /** The caller's house; null without one (creating then says a house is needed). */
  houseId: number | null;
  onClose: () => void;
  /** After a save or delete: the calendar refetches its events. */
  onChanged: () => void;
}

/** The event dialog: create, view and edit, or delete one house event. Closing resets it. */
export function EventDialog({ state, houseId, onClose, onChanged }: EventDialogProps) {
  const eventId = state.mode === 'edit' ? state.eventId : null;
  const occurrence = state.mode === 'edit' ? state.occurrence : undefined;
  const event = useEvent(eventId);
  const editing = state.mode === 'edit';
  const formProps = { houseId, onClose, onChanged };

  let body: ReactNode;
  if (!editing) {
    body = <EventForm initial={dialogValues(blankEventForm(), blankRepeat())} event={null} {...formProps} />;
  } else if (eventId !== null && event.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={t('events:loadingEvent')} />
      </div>
    );
  } else if (event.data) {
    // A repeating event opens on the occurrence that was picked (its own times), with the series' rule.
    const shown = occurrence && occurrence.event_id === event.data.event_id ? occurrence : event.data;
    body = (
      <EventForm
        initial={dialogValues(eventToForm(shown), rruleToForm(event.data.rrule, event.data.time_zone))}
        event={event.data}
        occurrenceStart={
          event.data.rrule ? (occurrence?.occurrence_start ?? event.data.start_datetime) : null
        }
        {...formProps}
      />
    );
  } else {
    body = (
      <div className="mt-5 flex flex-col gap-4">
        <p
          role="alert"
          className="rounded-xl border border-danger-border bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          {eventId === null ? M.unknownSelection : M.loadFailed}
        </p>
        <p className="text-muted">{M.noFormData}</p>
        <div className="flex justify-end">
          <CancelButton />
        </div>
      </div>
    );
  }

  return (
    <FormDialog
      open={state.mode !== 'closed'}
      onOpenChange={(next) => !next && onClose()}
      title={editing ? (event.data?.title ?? t('events:eventDetails')) : t('events:createEvent')}
      description={editing ? t('events:viewAndEditThisEvent') : t('events:addANewCalendarEvent')}
      closeLabel={t('events:closeEventModal')}
    >
      {/* A new event id is a new form. */}
      <Fragment key={editing ? `edit-${eventId}-${occurrence?.occurrence_start ?? ''}` : 'create'}>
        {body}
      </Fragment>
    </FormDialog>
  );
}

interface EventFormProps {
  initial: DialogValues;
  /** The stored event when editing; null when creating. */
  event: Event | null;
  /** A repeating event: the original start of the occurrence being edited. */
  occurrenceStart?: string | null;
  houseId: number | null;
  onClose: () => void;
  onChanged: () => void;
}

function EventForm({ initial, event, occurrenceStart = null, houseId, onClose, onChanged }: EventFormProps) {
  const form = useForm<DialogValues>({ defaultValues: initial });
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const allDay = form.watch('allDay');
  const repeat = form.watch('repeat');
  const ends = form.watch('ends');
  const startDay = datePart(form.watch('start'));
  const scope = form.watch('scope');
  // Only the series (following or all) can change how it repeats.
  const canRepeat = occurrenceStart === null || scope !== 'this';
  // The all-day switch and the start date move other values with them (event-form.ts says how).
  const apply = (next: EventFormState) => {
    for (const key of ['start', 'end', 'allDay'] as const) form.setValue(key, next[key]);
  };
  const check = (values: DialogValues) => {
    const times = checkEventForm(values, browserTimeZone());
    if (!times.ok) return times;
    const rule = canRepeat ? buildRrule(repeatOf(values), datePart(values.start)) : null;
    if (rule && !rule.ok) return rule;
    return { ...times, rrule: rule ? rule.rrule : undefined };
  };

  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('events:eventLegend')}
      announceFieldErrors
      validate={(values) => {
        const checked = check(values);
        if (!checked.ok) return checked;
        if (!event && houseId === null) return { message: M.houseRequired };
        if (event && !Number.isInteger(event.event_id)) return { message: M.unknownUpdate };
        return null;
      }}
      onSubmit={async (values) => {
        const checked = check(values);
        if (!checked.ok) return;
        const payload = {
          ...checked.payload,
          ...(checked.rrule !== undefined ? { rrule: checked.rrule } : {}),
        };
        if (event) {
          const part = occurrenceStart ? { scope: values.scope, occurrence_start: occurrenceStart } : {};
          await update.mutateAsync({ eventId: event.event_id, patch: { ...payload, ...part } });
        } else await create.mutateAsync({ ...payload, house_id: houseId as number });
        onChanged();
        onClose();
      }}
      onFailure={(err) => {
        console.error('Error saving event:', err);
        // The server checks the same rules and answers with the same sentences for them.
        const known =
          isApiError(err) && (err.status === 400 || err.code === 'house_required') && err.serverMessage;
        return { message: known || M.saveFailed };
      }}
      actions={
        <>
          {event && (
            <DeleteButton
              event={event}
              part={occurrenceStart ? { scope, occurrence_start: occurrenceStart } : undefined}
              onClose={onClose}
              onChanged={onChanged}
            />
          )}
          <CancelButton className="flex-auto whitespace-nowrap sm:flex-none" />
          <SubmitButton
            busyLabel={event ? t('events:saving') : t('events:creating')}
            className="flex-auto whitespace-nowrap sm:flex-none"
          >
            {event ? t('events:saveChanges') : t('events:createEvent')}
          </SubmitButton>
        </>
      }
    >
      {event && (
        <p className="text-sm text-muted">
          {t('events:createdBy')} <span className="font-semibold text-espresso">{event.username}</span>
        </p>
      )}
      <TextField label={t('events:title')} name="title" maxLength={EVENT_TITLE_MAX} autoComplete="off" />
      <TextArea label={t('events:description')} name="description" maxLength={EVENT_DESCRIPTION_MAX} />
      <TextField
        label={t('events:location')}
        name="location"
        maxLength={EVENT_LOCATION_MAX}
        autoComplete="off"
      />
      <CheckboxField
        label={t('events:allDayEvent')}
        name="allDay"
        onValueChange={(checked) => apply(setAllDay(form.getValues(), checked))}
      />
      {/* One column that may be narrower than a date-time input's own width (a phone's 320 px). */}
      <div className="grid grid-cols-1 gap-4">
        <DateTimeField
          label={t('events:start')}
          name="start"
          dateOnly={allDay}
          onValueChange={(value) => apply(setStart(form.getValues(), value))}
        />
        {!allDay && <DateTimeField label={t('events:end')} name="end" />}
      </div>
      {canRepeat && (
        <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-espresso">{t('events:repeat')}</legend>
          <SelectField label={t('events:repeats')} name="repeat" options={repeatChoices(startDay)} />
          {repeat !== 'none' && (
            <>
              <TextField
                label={t('events:every1EachTime')}
                name="interval"
                type="number"
                min={1}
                max={1000}
                inputMode="numeric"
              />
              {repeat === 'weekly' && (
                <fieldset className="min-w-0">
                  <legend className="text-sm font-semibold text-espresso">{t('events:on')}</legend>
                  <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                    {WEEKDAYS.map(({ short }, i) => (
                      <CheckboxField key={short} label={short} name={`days.${i}`} />
                    ))}
                  </div>
                </fieldset>
              )}
              <SelectField
                label={t('events:ends')}
                name="ends"
                options={[
                  { value: 'never', label: t('events:never') },
                  { value: 'until', label: t('events:onADate') },
                  { value: 'count', label: t('events:afterANumberOfTimes') },
                ]}
              />
              {ends === 'until' && <TextField label={t('events:lastDate')} name="until" type="date" />}
              {ends === 'count' && (
                <TextField
                  label={t('events:numberOfTimes')}
                  name="count"
                  type="number"
                  min={1}
                  max={5000}
                  inputMode="numeric"
                />
              )}
            </>
          )}
        </fieldset>
      )}
      {occurrenceStart && <SelectField label={t('events:applyChangesTo')} name="scope" options={SCOPES} />}
    </Form>
  );
}

/** On a phone it takes its own row under Cancel and Save; wider, it sits at the left. */
function DeleteButton({
  event,
  part,
  onClose,
  onChanged,
}: Pick<EventFormProps, 'onClose' | 'onChanged'> & {
  event: Event;
  /** A repeating event: which part goes (the dialog's "Apply changes to"). */
  part?: { scope: EventScope; occurrence_start: string } | undefined;
}) {
  const { busy, run, show } = useFormStatus();
  const remove = useDeleteEvent();
  // Deleting asks first, as removing a list, a reminder or a house code does.
  const [confirming, setConfirming] = useState(false);
  const destroy = () => {
    if (!Number.isInteger(event.event_id)) return show({ message: M.unknownDelete });
    void run(
      'delete',
      async () => {
        await remove.mutateAsync({ eventId: event.event_id, ...(part ? { query: part } : {}) });
        onChanged();
        onClose();
      },
      (err) => {
        console.error('Error deleting event:', err);
        return { message: M.deleteFailed };
      },
    );
  };
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={t('events:deleteThisEvent')}
      description={
        <>
          <span className="font-semibold">“{event.title}”</span>{' '}
          {part ? t('events:thePartChosenUnderApply') : t('events:removedForEveryone')}
        </>
      }
      confirmLabel={t('events:deleteEvent')}
      destructive
      onConfirm={() => {
        setConfirming(false);
        destroy();
      }}
      trigger={
        <Button
          variant="danger"
          disabled={busy !== null}
          aria-busy={busy === 'delete' || undefined}
          className="order-last w-full sm:order-none sm:mr-auto sm:w-auto"
        >
          {busy === 'delete' ? t('events:deleting') : t('events:deleteEvent')}
        </Button>
      }
    />
  );
}
