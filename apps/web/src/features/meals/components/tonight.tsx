import type { User } from '@hearth/contract';
import { CookingPot } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { usePlan } from '../api';
import { dayOf } from '../lib/week';

/** Home's "Tonight": today's dinner (and who cooks), or a nudge to plan one. Only for people in a house. */
export function Tonight({ user }: { user: User }) {
  const inHouse = user.house_id !== null;
  const today = dayOf(new Date());
  const plan = usePlan(today, today, inHouse);
  useLogError(plan.error);
  if (!inHouse) return null;
  const dinners = (plan.data ?? []).filter((m) => m.slot === 'dinner');
  let body: ReactNode;
  if (plan.isPending) body = <Spinner label={t('meals:loadingPlan')} />;
  else if (plan.isError) body = <p className="text-muted">{t('meals:errors.loadPlan')}</p>;
  else if (dinners.length === 0) body = <p className="text-muted">{t('meals:nothingPlannedTonight')}</p>;
  else
    body = (
      <ul className="flex flex-col gap-1">
        {dinners.map((meal) => (
          <li key={meal.meal_id} className="font-semibold break-words text-espresso">
            {meal.title}
            <span className="font-normal text-muted">
              {' '}
              · {t('meals:servingsCount', { count: meal.servings })}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 text-lg font-bold text-espresso">
        <CookingPot className="size-5 text-primary" aria-hidden="true" />
        {t('meals:tonight')}
      </h2>
      {body}
      <Link to="/meals" className="text-sm font-semibold text-primary underline-offset-2 hover:underline">
        {t('meals:openMeals')}
      </Link>
    </Card>
  );
}
