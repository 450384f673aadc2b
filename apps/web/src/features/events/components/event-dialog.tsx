import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_TITLE_MAX, type Event } from '@hearth/contract';
import { Fragment, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/button';
import {
  CancelButton,
  CheckboxField,
  DateTimeField,
  Form,
  FormDialog,
  SubmitButton,
  TextArea,
  TextField,
  useFormStatus,
} from '../../../components/form';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
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

/** Closed, open to create, or open to edit an event (null: the id could not be read). */
export type EventDialogState =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'edit'; eventId: number | null };

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
  const event = useEvent(eventId);
  const editing = state.mode === 'edit';
  const formProps = { houseId, onClose, onChanged };

  let body: ReactNode;
  if (!editing) {
    body = <EventForm initial={blankEventForm()} event={null} {...formProps} />;
  } else if (eventId !== null && event.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading event" />
      </div>
    );
  } else if (event.data) {
    body = <EventForm initial={eventToForm(event.data)} event={event.data} {...formProps} />;
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
      title={editing ? (event.data?.title ?? 'Event details') : 'Create event'}
      description={editing ? 'View and edit this event.' : 'Add a new calendar event for your house.'}
      closeLabel="Close event modal"
    >
      {/* A new event id is a new form. */}
      <Fragment key={editing ? `edit-${eventId}` : 'create'}>{body}</Fragment>
    </FormDialog>
  );
}

interface EventFormProps {
  initial: EventFormState;
  /** The stored event when editing; null when creating. */
  event: Event | null;
  houseId: number | null;
  onClose: () => void;
  onChanged: () => void;
}

function EventForm({ initial, event, houseId, onClose, onChanged }: EventFormProps) {
  const form = useForm<EventFormState>({ defaultValues: initial });
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const allDay = form.watch('allDay');
  // The all-day switch and the start date move other values with them (event-form.ts says how).
  const apply = (next: EventFormState) => {
    for (const key of ['start', 'end', 'allDay'] as const) form.setValue(key, next[key]);
  };

  return (
    <Form
      form={form}
      variant="dialog"
      legend="Event"
      announceFieldErrors
      validate={(values) => {
        const check = checkEventForm(values, browserTimeZone());
        if (!check.ok) return check;
        if (!event && houseId === null) return { message: M.houseRequired };
        if (event && !Number.isInteger(event.event_id)) return { message: M.unknownUpdate };
        return null;
      }}
      onSubmit={async (values) => {
        const check = checkEventForm(values, browserTimeZone());
        if (!check.ok) return;
        if (event) await update.mutateAsync({ eventId: event.event_id, patch: check.payload });
        else await create.mutateAsync({ ...check.payload, house_id: houseId as number });
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
          {event && <DeleteButton event={event} onClose={onClose} onChanged={onChanged} />}
          <CancelButton className="flex-auto whitespace-nowrap sm:flex-none" />
          <SubmitButton
            busyLabel={event ? 'Saving...' : 'Creating...'}
            className="flex-auto whitespace-nowrap sm:flex-none"
          >
            {event ? 'Save changes' : 'Create event'}
          </SubmitButton>
        </>
      }
    >
      {event && (
        <p className="text-sm text-muted">
          created by: <span className="font-semibold text-espresso">{event.username}</span>
        </p>
      )}
      <TextField label="Title" name="title" maxLength={EVENT_TITLE_MAX} autoComplete="off" />
      <TextArea label="Description" name="description" maxLength={EVENT_DESCRIPTION_MAX} />
      <TextField label="Location" name="location" maxLength={EVENT_LOCATION_MAX} autoComplete="off" />
      <CheckboxField
        label="All-day event"
        name="allDay"
        onValueChange={(checked) => apply(setAllDay(form.getValues(), checked))}
      />
      <div className="grid gap-4">
        <DateTimeField
          label="Start"
          name="start"
          dateOnly={allDay}
          onValueChange={(value) => apply(setStart(form.getValues(), value))}
        />
        {!allDay && <DateTimeField label="End" name="end" />}
      </div>
    </Form>
  );
}

/** On a phone it takes its own row under Cancel and Save; wider, it sits at the left. */
function DeleteButton({
  event,
  onClose,
  onChanged,
}: Pick<EventFormProps, 'onClose' | 'onChanged'> & { event: Event }) {
  const { busy, run, show } = useFormStatus();
  const remove = useDeleteEvent();
  const destroy = () => {
    if (!Number.isInteger(event.event_id)) return show({ message: M.unknownDelete });
    void run(
      'delete',
      async () => {
        await remove.mutateAsync(event.event_id);
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
    <Button
      variant="danger"
      onClick={destroy}
      disabled={busy !== null}
      aria-busy={busy === 'delete' || undefined}
      className="order-last w-full sm:order-none sm:mr-auto sm:w-auto"
    >
      {busy === 'delete' ? 'Deleting...' : 'Delete event'}
    </Button>
  );
}
