import type { ExternalCalendar } from '@hearth/contract';
import { CalendarPlus, Link2, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import {
  useExternalCalendars,
  useRefreshExternalCalendar,
  useRemoveExternalCalendar,
  useSaveExternalCalendar,
} from '../api';
import { lastErrorText } from '../lib/last-error';
import { ExternalCalendarDialog } from './external-calendar-dialog';

type DialogState = { open: false } | { open: true; calendar: ExternalCalendar | null };

/**
 * The outside calendars on /calendar: "Add a calendar by link", and each one with its colour, who sees it,
 * when it was last read (or why it could not be), and Refresh, Edit and Remove.
 */
export function ExternalCalendarsPanel() {
  const calendars = useExternalCalendars();
  const save = useSaveExternalCalendar();
  const refresh = useRefreshExternalCalendar();
  const remove = useRemoveExternalCalendar();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [failed, setFailed] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function act(calendar: ExternalCalendar, run: () => Promise<unknown>, failure: string) {
    setFailed(null);
    setBusyId(calendar.external_calendar_id);
    try {
      await run();
    } catch (err) {
      console.error('Error changing outside calendar:', err);
      setFailed(failure);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <section aria-labelledby="external-calendars-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          {/* The text keeps a readable width; on a phone the button goes below it. */}
          <div className="min-w-0 flex-1 basis-64">
            <h2 id="external-calendars-heading" className="text-lg font-bold text-espresso">
              {t('events:external.heading')}
            </h2>
            <p className="text-muted">{t('events:external.intro')}</p>
          </div>
          <Button onClick={() => setDialog({ open: true, calendar: null })}>
            <CalendarPlus className="size-4" aria-hidden="true" />
            {t('events:external.add')}
          </Button>
        </div>
        {failed && <Banner variant="error">{failed}</Banner>}
        {calendars.isPending ? (
          <Spinner label={t('events:external.loading')} />
        ) : calendars.isError ? (
          <Banner variant="error">{t('events:external.loadFailed')}</Banner>
        ) : calendars.data.length === 0 ? (
          <EmptyState icon={Link2} title={t('events:external.empty')} />
        ) : (
          <ul
            aria-labelledby="external-calendars-heading"
            className="flex flex-col divide-y divide-line rounded-xl border border-line"
          >
            {calendars.data.map((calendar) => {
              const busy = busyId === calendar.external_calendar_id;
              return (
                <li key={calendar.external_calendar_id} className="flex flex-col gap-2 px-4 py-3">
                  <div className="flex min-w-0 items-start gap-3">
                    <span
                      aria-hidden="true"
                      className="mt-1.5 size-3 shrink-0 rounded-full border border-line"
                      style={{ backgroundColor: calendar.color }}
                    />
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold break-words text-espresso">{calendar.name}</p>
                      <p className="text-sm break-all text-muted">{calendar.url}</p>
                      <p className="text-sm text-muted">
                        {calendar.shared ? t('events:external.wholeHouse') : t('events:external.justMe')}
                        {' · '}
                        {calendar.last_fetched_at
                          ? t('events:external.lastUpdated', {
                              when: formatDateTime(calendar.last_fetched_at),
                            })
                          : t('events:external.notYet')}
                      </p>
                      {calendar.last_error && (
                        <p className="text-sm font-medium break-words text-danger">
                          {t('events:external.couldNotRead', { reason: lastErrorText(calendar.last_error) })}
                        </p>
                      )}
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2 sm:pl-6">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      aria-label={t('events:external.refreshName', { name: calendar.name })}
                      onClick={() =>
                        void act(
                          calendar,
                          () => refresh.mutateAsync(calendar.external_calendar_id),
                          t('events:external.refreshFailed', { name: calendar.name }),
                        )
                      }
                    >
                      <RefreshCw className="size-4" aria-hidden="true" />
                      {busy && refresh.isPending
                        ? t('events:external.refreshing')
                        : t('events:external.refresh')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      aria-label={t('events:external.editName', { name: calendar.name })}
                      onClick={() => setDialog({ open: true, calendar })}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      {t('events:external.edit')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      aria-label={t('events:external.removeName', { name: calendar.name })}
                      onClick={() =>
                        void act(
                          calendar,
                          () => remove.mutateAsync(calendar.external_calendar_id),
                          t('events:external.removeFailed', { name: calendar.name }),
                        )
                      }
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      {t('events:external.remove')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ExternalCalendarDialog
        open={dialog.open}
        onOpenChange={(open) => {
          if (!open) setDialog({ open: false });
        }}
        calendar={dialog.open ? dialog.calendar : null}
        onSubmit={(input) =>
          save.mutateAsync({
            id: dialog.open && dialog.calendar ? dialog.calendar.external_calendar_id : null,
            input,
          })
        }
      />
    </Card>
  );
}
