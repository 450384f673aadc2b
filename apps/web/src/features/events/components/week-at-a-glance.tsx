import type { EventOccurrence, User } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { useApiClient } from '../../../lib/api-client';
import { browserTimeZone, currentWeek, formatTime, startOfDate } from '../../../lib/dates';
import { t, t as tr } from '../../../lib/i18n';
import { useDeferredReady } from '../../../lib/use-deferred-ready';
import { useLogError } from '../../../lib/use-log-error';
import { useLiveChange } from '../../live';
import { eventKeys, fetchLayers, fetchOccurrences } from '../api';
import {
  type GlanceDay,
  type GlanceItem,
  glanceItems,
  isoDate,
  spreadOverWeek,
  weekDates,
} from '../lib/week-days';
import type { EventDialogState } from './event-dialog';
import { useLayerToggles } from './layer-toggles';
import { EventDialog } from './lazy-event-dialog';

// The calendar page's words (its event form module is not loaded here: it brings the contract's schemas).
const calendarFailed = () => t('events:calendarFailed');

export interface WeekAtAGlanceProps {
  user: User;
}

/** Home's 'This Week at a Glance': the house calendar's current week (Sunday through the next Sunday). */
export function WeekAtAGlance({ user }: WeekAtAGlanceProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-bold text-espresso">
            {t('events:thisWeekAtAGlance')}
          </h2>
          {user.house_id !== null && (
            <Link
              to="/calendar"
              className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('events:openCalendar')}
            </Link>
          )}
        </div>
        {user.house_id === null ? (
          <p className="mt-4 text-muted">{t('events:joinHouseToSeeCalendar')}</p>
        ) : (
          <div className="mt-4">
            <WeekDays houseId={user.house_id} />
          </div>
        )}
      </Card>
    </section>
  );
}

function ItemLine({
  item,
  day,
  onOpen,
}: {
  item: GlanceItem;
  day: GlanceDay;
  onOpen: (o: EventOccurrence) => void;
}) {
  // A timed item shows its time on the day it starts.
  const time = !item.allDay && item.start >= startOfDate(day.date) ? formatTime(new Date(item.start)) : null;
  const body = (
    <>
      {time && <span className="mr-1.5 text-xs text-muted">{time}</span>}
      <span className="font-semibold break-words text-espresso">{item.title}</span>
      {item.note && <span className="sr-only">{`, ${item.note}`}</span>}
    </>
  );
  const classes = `hearth-layer-${item.layer} block max-w-full rounded-lg border border-line border-l-4 [border-left-color:var(--hearth-layer)] bg-surface px-2 py-1 text-left text-sm`;
  const tooltip = item.note ? `${item.title} · ${item.note}` : item.title;
  const style = item.color ? { borderLeftColor: item.color } : undefined;
  if (item.occurrence) {
    const occurrence = item.occurrence;
    return (
      <button
        type="button"
        title={tooltip}
        style={style}
        onClick={() => onOpen(occurrence)}
        className={`${classes} hover:border-tan hover:bg-tan-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
      >
        {body}
      </button>
    );
  }
  return (
    <div title={tooltip} className={classes} style={style}>
      {body}
    </div>
  );
}

/**
 * Home's week, drawn without the calendar library (which stays with the calendar page): a row per day, its
 * items wrapping beside the day's name (titles stay whole words even in narrow columns); on a phone only
 * the days with something on them. The layers are those
 * switched on on the calendar page; a house event opens its dialog.
 */
function WeekDays({ houseId }: { houseId: number }) {
  const api = useApiClient();
  const week = useMemo(() => currentWeek(), []);
  const zone = browserTimeZone();
  const [toggles] = useLayerToggles();
  const [dialog, setDialog] = useState<EventDialogState>({ mode: 'closed' });
  const from = new Date(startOfDate(week.start, zone));
  const to = new Date(startOfDate(week.end, zone));

  const occurrences = useQuery({
    queryKey: [...eventKeys.all, 'week', week.start, zone],
    queryFn: ({ signal }) => fetchOccurrences(api, from, to, signal),
    enabled: toggles.house,
  });
  const otherLayers = toggles.tasks || toggles.bills || toggles.away || toggles.reminders || toggles.external;
  const layers = useQuery({
    queryKey: [...eventKeys.all, 'week-layers', week.start, zone],
    queryFn: ({ signal }) => fetchLayers(api, from, to, zone, signal),
    enabled: otherLayers,
  });
  // House events refetch through the 'events' keys; the other layers change with their own kinds. A
  // resync (null) needs nothing here: the layers' query sits under the 'events' keys, which it refetches.
  useLiveChange(['tasks', 'bills', 'reminders', 'external_calendars'], (change) => {
    if (change) void layers.refetch({ cancelRefetch: false });
  });

  const failed = occurrences.isError || layers.isError;
  useLogError(occurrences.error ?? layers.error, 'Error loading the house calendar:');

  const pending = (toggles.house && occurrences.isPending) || (otherLayers && layers.isPending);
  const drawn = useDeferredReady(!pending);
  const days = useMemo(() => {
    // Worked out in the background render that first draws the week, not before it.
    if (!drawn) return [];
    const items = glanceItems(occurrences.data ?? [], layers.data, toggles);
    const today = isoDate(new Date());
    return spreadOverWeek(weekDates(week.start), items, today, zone);
  }, [drawn, occurrences.data, layers.data, toggles, week.start, zone]);

  if (pending || !drawn) {
    if (!failed) {
      return (
        <div className="flex justify-center py-8">
          <Spinner label={tr('events:loadingThisWeek')} />
        </div>
      );
    }
  }

  const empty = days.every((d) => d.items.length === 0);
  return (
    <>
      {failed && (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {calendarFailed()}
        </p>
      )}
      {!failed && empty && <p className="mb-3 text-sm text-muted">{tr('events:nothingThisWeek')}</p>}
      <ol className="flex flex-col gap-2" aria-label={tr('events:thisWeekDayByDay')}>
        {days.map((day) => (
          <li
            key={day.date}
            aria-current={day.today ? 'date' : undefined}
            className={`min-w-0 grid-cols-[3.5rem_minmax(0,1fr)] items-start gap-3 rounded-xl border p-2 ${
              day.today ? 'border-primary bg-tan-light' : 'border-line bg-cream'
            } ${day.items.length === 0 ? 'hidden sm:grid' : 'grid'}`}
          >
            <h3 className="flex flex-col text-sm leading-tight text-espresso">
              <span className="sr-only">{day.label.full}</span>
              <span aria-hidden="true" className="font-semibold">
                {day.label.weekday}
              </span>
              <span aria-hidden="true" className="text-muted">
                {day.label.day}
              </span>
            </h3>
            {day.items.length > 0 ? (
              <ul className="flex min-w-0 flex-wrap gap-1.5">
                {day.items.map((item) => (
                  <li key={item.key} className="min-w-0 max-w-full">
                    <ItemLine
                      item={item}
                      day={day}
                      onOpen={(occurrence) =>
                        setDialog({ mode: 'edit', eventId: occurrence.event_id, occurrence })
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <span aria-hidden="true" className="self-center text-muted">
                –
              </span>
            )}
          </li>
        ))}
      </ol>
      <EventDialog
        state={dialog}
        houseId={houseId}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={() => {
          void occurrences.refetch();
        }}
      />
    </>
  );
}
