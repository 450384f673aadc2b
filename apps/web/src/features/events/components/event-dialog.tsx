import type { Event } from '@hearth/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { inputClasses, TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone, datePart } from '../../../lib/dates';
import { useCreateEvent, useDeleteEvent, useEvent, useUpdateEvent } from '../api';
import {
  blankEventForm,
  checkEventForm,
  type EventFormState,
  eventToForm,
  EventDialogMessages as M,
  setAllDay,
  setEnd,
  setStart,
} from '../lib/event-form';

/** SPEC section 4: closed, open to create, or open to edit an event (null: the id could not be read). */
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

type Busy = 'saving' | 'deleting' | null;

/** SPEC 'Event dialog': create, view and edit, or delete one house event (a Radix dialog). */
export function EventDialog({ state, houseId, onClose, onChanged }: EventDialogProps) {
  return (
    <Dialog.Root open={state.mode !== 'closed'} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-espresso/40" />
        {/* Unmounted when closed: closing resets all dialog state (SPEC section 4). */}
        {state.mode !== 'closed' && (
          <EventDialogContent
            key={state.mode === 'edit' ? `edit-${state.eventId}` : 'create'}
            state={state}
            houseId={houseId}
            onClose={onClose}
            onChanged={onChanged}
          />
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ContentProps extends Omit<EventDialogProps, 'state'> {
  state: Exclude<EventDialogState, { mode: 'closed' }>;
}

function EventDialogContent({ state, houseId, onClose, onChanged }: ContentProps) {
  const [busy, setBusy] = useState<Busy>(null);
  const eventId = state.mode === 'edit' ? state.eventId : null;
  const event = useEvent(eventId);
  const editing = state.mode === 'edit';
  const title = editing ? (event.data?.title ?? 'Event details') : 'Create event';
  const holdWhileBusy = (e: { preventDefault(): void }) => busy && e.preventDefault();

  let body: ReactNode;
  if (!editing) {
    body = (
      <EventForm
        initial={blankEventForm()}
        event={null}
        {...{ houseId, busy, setBusy, onClose, onChanged }}
      />
    );
  } else if (eventId !== null && event.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading event" />
      </div>
    );
  } else if (event.data) {
    body = (
      <EventForm
        initial={eventToForm(event.data)}
        event={event.data}
        {...{ houseId, busy, setBusy, onClose, onChanged }}
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
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
        </div>
      </div>
    );
  }

  return (
    <Dialog.Content
      className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-card border border-line bg-surface p-5 shadow-lift sm:p-6"
      onEscapeKeyDown={holdWhileBusy}
      onInteractOutside={holdWhileBusy}
    >
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="min-w-0 text-xl font-bold break-words text-espresso">{title}</Dialog.Title>
        <Dialog.Close
          className="-m-2 rounded-xl p-2 text-muted hover:bg-tan-light hover:text-espresso disabled:cursor-not-allowed disabled:opacity-50"
          aria-label="Close event modal"
          disabled={busy !== null}
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-1 text-sm text-muted">
        {editing ? 'View and edit this event.' : 'Add a new calendar event for your house.'}
      </Dialog.Description>
      {body}
    </Dialog.Content>
  );
}

interface EventFormProps {
  initial: EventFormState;
  /** The stored event when editing; null when creating. */
  event: Event | null;
  houseId: number | null;
  busy: Busy;
  setBusy: (busy: Busy) => void;
  onClose: () => void;
  onChanged: () => void;
}

type FormError = { field?: 'title' | 'start' | 'end'; message: string } | null;

function EventForm({ initial, event, houseId, busy, setBusy, onClose, onChanged }: EventFormProps) {
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<FormError>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const ids = { description: useId(), allDay: useId(), error: useId() };
  const fields = useRef<HTMLFormElement>(null);

  const fail = (next: NonNullable<FormError>) => {
    setError(next);
    if (next.field) fields.current?.querySelector<HTMLElement>(`[name="${next.field}"]`)?.focus();
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const zone = browserTimeZone();
    const check = checkEventForm(form, zone);
    if (!check.ok) return fail({ field: check.field, message: check.message });
    if (!event && houseId === null) return fail({ message: M.houseRequired });
    if (event && !Number.isInteger(event.event_id)) return fail({ message: M.unknownUpdate });
    setBusy('saving');
    setError(null);
    try {
      if (event) await update.mutateAsync({ eventId: event.event_id, patch: check.payload });
      else await create.mutateAsync({ ...check.payload, house_id: houseId as number });
      onChanged();
      onClose();
    } catch (err) {
      console.error('Error saving event:', err);
      // The server checks the same rules and answers with SPEC's sentences for them.
      const known =
        isApiError(err) && (err.status === 400 || err.code === 'house_required') && err.serverMessage;
      setError({ message: known || M.saveFailed });
      setBusy(null);
    }
  }

  async function destroy() {
    if (busy) return;
    if (!event || !Number.isInteger(event.event_id)) return fail({ message: M.unknownDelete });
    setBusy('deleting');
    setError(null);
    try {
      await remove.mutateAsync(event.event_id);
      onChanged();
      onClose();
    } catch (err) {
      console.error('Error deleting event:', err);
      setError({ message: M.deleteFailed });
      setBusy(null);
    }
  }

  const fieldError = (field: 'title' | 'start' | 'end') =>
    error?.field === field ? error.message : undefined;
  const disabled = busy !== null;

  return (
    <form
      ref={fields}
      noValidate
      onSubmit={save}
      className="mt-4 flex min-h-0 flex-1 flex-col"
      aria-describedby={error ? ids.error : undefined}
    >
      {/* SPEC: the body is at most 70% of the viewport high (less on a short screen); it scrolls, the buttons stay. */}
      <fieldset
        disabled={disabled}
        className="-mx-1 flex max-h-[70vh] min-h-0 min-w-0 flex-1 flex-col gap-4 overflow-y-auto px-1 py-1"
      >
        <legend className="sr-only">Event</legend>
        {event && (
          <p className="text-sm text-muted">
            created by: <span className="font-semibold text-espresso">{event.username}</span>
          </p>
        )}
        <TextField
          label="Title"
          name="title"
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          maxLength={200}
          autoComplete="off"
          error={fieldError('title')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.description} className="text-sm font-semibold text-espresso">
            Description
          </label>
          <textarea
            id={ids.description}
            name="description"
            rows={3}
            maxLength={5000}
            className={inputClasses}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </div>
        <TextField
          label="Location"
          name="location"
          value={form.location}
          onChange={(e) => setForm({ ...form, location: e.target.value })}
          maxLength={500}
          autoComplete="off"
        />
        <div className="flex items-center gap-3">
          <input
            id={ids.allDay}
            type="checkbox"
            name="allDay"
            className="size-5 rounded border-line accent-primary"
            checked={form.allDay}
            onChange={(e) => setForm(setAllDay(form, e.target.checked))}
          />
          <label htmlFor={ids.allDay} className="font-semibold text-espresso">
            All-day event
          </label>
        </div>
        <div className="grid gap-4">
          <TextField
            label="Start"
            name="start"
            type={form.allDay ? 'date' : 'datetime-local'}
            value={form.allDay ? datePart(form.start) : form.start}
            onChange={(e) => setForm(setStart(form, e.target.value))}
            error={fieldError('start')}
          />
          {!form.allDay && (
            <TextField
              label="End"
              name="end"
              type="datetime-local"
              value={form.end}
              onChange={(e) => setForm(setEnd(form, e.target.value))}
              error={fieldError('end')}
            />
          )}
        </div>
      </fieldset>
      {error && !error.field && (
        <p
          id={ids.error}
          role="alert"
          className="mt-4 rounded-xl border border-danger-border bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          {error.message}
        </p>
      )}
      {error?.field && (
        <p id={ids.error} role="alert" className="sr-only">
          {error.message}
        </p>
      )}
      {/* Phone: Cancel and Save side by side, Delete on its own row below; wider: Delete at the left. */}
      <div className="mt-5 flex shrink-0 flex-wrap items-center justify-end gap-3">
        {event && (
          <Button
            variant="danger"
            onClick={destroy}
            disabled={disabled}
            aria-busy={busy === 'deleting' || undefined}
            className="order-last w-full sm:order-none sm:mr-auto sm:w-auto"
          >
            {busy === 'deleting' ? 'Deleting...' : 'Delete event'}
          </Button>
        )}
        <Dialog.Close asChild>
          <Button
            variant="secondary"
            disabled={disabled}
            className="flex-auto whitespace-nowrap sm:flex-none"
          >
            Cancel
          </Button>
        </Dialog.Close>
        <Button
          type="submit"
          disabled={disabled}
          aria-busy={busy === 'saving' || undefined}
          className="flex-auto whitespace-nowrap sm:flex-none"
        >
          {event
            ? busy === 'saving'
              ? 'Saving...'
              : 'Save changes'
            : busy === 'saving'
              ? 'Creating...'
              : 'Create event'}
        </Button>
      </div>
    </form>
  );
}
