import type { User } from '@hearth/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { t } from '../../../lib/i18n';
// Drawn without the calendar library (which stays with the calendar page), so it comes with Home at once
// and takes its place without a loading step that would push the sections below down.
import WeekGlance from './week-glance';

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
            <WeekGlance houseId={user.house_id} />
          </div>
        )}
      </Card>
    </section>
  );
}
