import { CalendarDays, Download, Plus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button, buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { NoHouseState } from '../../../components/no-house-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useAccessToken } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { ExternalCalendarsPanel } from '../../external-calendars';
import { useMe } from '../../users';
import { feedUrl } from '../api';
import type { CalendarHandle } from '../components/calendar-grid';
import { CalendarPlaceholder } from '../components/calendar-placeholder';
import type { EventDialogState } from '../components/event-dialog';
import type { OccurrenceSelection } from '../components/house-calendar';
import { LayerToggleBar, useLayerToggles } from '../components/layer-toggles';
import { EventDialog } from '../components/lazy-event-dialog';
import { PersonalFeedPanel } from '../components/personal-feed-panel';
import { SubscribePanel } from '../components/subscribe-panel';
import { EventDialogMessages as M } from '../lib/event-form';

// The month grid (FullCalendar, the app's largest library) is a chunk of its own: the page's header,
// toggles and panels draw without waiting for it.
const HouseCalendar = lazy(async () => ({
  default: (await import('../components/house-calendar')).HouseCalendar,
}));

/**
 * Calendar (/calendar): the house timeline. House events (repeating ones expanded by the server) and the
 * layers switched on: tasks due, bills due, away periods, my reminders and outside calendars (added and
 * managed below the calendar).
 */
export function CalendarPage() {
  // The page loads the user once (the query cache shares it).
  const me = useMe();
  const user = me.data ?? undefined;
  const houseId = user?.house_id ?? null;
  const token = useAccessToken();
  const url = houseId !== null && token ? feedUrl(houseId, token) : null;
  const calendarRef = useRef<CalendarHandle>(null);
  const [dialog, setDialog] = useState<EventDialogState>({ mode: 'closed' });
  const [loadFailed, setLoadFailed] = useState(false);
  const [layers, setLayer] = useLayerToggles();

  useLogError(me.error);

  const refresh = () => calendarRef.current?.refetchEvents();

  const openEvent = ({ occurrence }: OccurrenceSelection) => {
    setDialog({ mode: 'edit', eventId: occurrence.event_id, occurrence });
  };

  const download = url ? (
    <a href={url} download="house-calendar.ics" className={buttonClasses('secondary')}>
      <Download className="hidden size-4 sm:block" aria-hidden="true" />
      {t('events:downloadIcal')}
    </a>
  ) : (
    // Disabled until a house and a token exist: a link without an address, marked disabled.
    // biome-ignore lint/a11y/useValidAnchor: WAI-ARIA's disabled link is an <a> without href and aria-disabled
    <a
      role="link"
      aria-disabled="true"
      className={buttonClasses('secondary', 'md', 'cursor-not-allowed opacity-55')}
    >
      <Download className="hidden size-4 sm:block" aria-hidden="true" />
      {t('events:downloadIcal')}
    </a>
  );

  return (
    <div>
      <PageHeader
        title={t('events:houseCalendar')}
        description={t('events:everyoneInTheHouseSees')}
        actions={
          <>
            <Button
              onClick={() => {
                setDialog({ mode: 'create' });
              }}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t('events:newEvent')}
            </Button>
            {download}
          </>
        }
      />

      <div className="flex flex-col gap-4">
        {loadFailed && (
          <Banner
            variant="error"
            action={
              <Button variant="secondary" size="sm" onClick={refresh}>
                {t('events:tryAgain')}
              </Button>
            }
          >
            {M.calendarFailed}
          </Banner>
        )}

        {me.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('events:loadingYourCalendar')} />
          </div>
        ) : houseId === null ? (
          <NoHouseState icon={CalendarDays} title={t('events:joinHouseToActivateCalendar')} />
        ) : (
          // The calendar takes the full width (month cells need it); Subscribe follows below.
          <div className="flex flex-col gap-6">
            <Card className="flex min-w-0 flex-col gap-4 p-3 sm:p-5">
              <LayerToggleBar toggles={layers} onToggle={setLayer} />
              {!url ? (
                <CalendarPlaceholder />
              ) : (
                <Suspense fallback={<CalendarPlaceholder />}>
                  <HouseCalendar
                    layers={layers}
                    calendarRef={calendarRef}
                    onSelectEvent={openEvent}
                    onLoadResult={setLoadFailed}
                  />
                </Suspense>
              )}
            </Card>
            <div className="max-w-2xl">
              <ExternalCalendarsPanel />
            </div>
            {user && (
              <div className="max-w-2xl">
                <SubscribePanel userId={user.user_id} />
              </div>
            )}
            {user && (
              <div className="max-w-2xl">
                <PersonalFeedPanel />
              </div>
            )}
          </div>
        )}
      </div>

      <EventDialog
        state={dialog}
        houseId={houseId}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={refresh}
      />
    </div>
  );
}

export { CalendarPage as Component };
