import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { formatIntl } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useActivity } from '../api/activity';
import { activitySentence } from '../lib/activity-sentence';

/** When a change was made, as the browser's own toLocaleString writes it ('11/26/2026, 7:03:04 PM'). */
const WHEN: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
};

export interface ActivityPanelProps {
  me: number;
  nameOf: (userId: number) => string;
  money: (minor: number) => string;
}

/** The activity log: who added, changed or deleted which expense or payment, and when; newest first. */
export function ActivityPanel({ me, nameOf, money }: ActivityPanelProps) {
  const activity = useActivity();
  useLogError(activity.error);
  const rows = activity.data?.pages.flatMap((p) => p.activity) ?? [];
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-espresso">{t('bills:activity')}</h2>
      {activity.isPending ? (
        <Spinner label={t('bills:loadingActivity')} />
      ) : activity.isError ? (
        <Banner variant="error">{t('bills:couldNotLoadActivity')}</Banner>
      ) : rows.length === 0 ? (
        <p className="text-muted">{t('bills:changesToExpensesAndPayments')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((a) => (
            <li key={a.activity_id} className="text-sm">
              <p className="break-words text-espresso">{activitySentence(a, me, nameOf, money)}</p>
              <p className="text-xs text-muted">
                <time dateTime={a.at}>{formatIntl(a.at, WHEN)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {activity.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? t('bills:loading') : t('bills:showMore')}
        </Button>
      )}
    </Card>
  );
}
