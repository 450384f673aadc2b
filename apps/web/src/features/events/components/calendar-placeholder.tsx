import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';

/** Where the month grid will be, about its size (so nothing below it jumps), until the grid is drawn. */
export function CalendarPlaceholder() {
  return (
    <div className="flex min-h-[32rem] items-center justify-center sm:aspect-[1.35] sm:min-h-0">
      <Spinner label={t('events:loadingYourCalendar')} />
    </div>
  );
}
