import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
// Home sections from other features, each through its feature's index (the main column sets their order).
import { YourBalance } from '../../bills';
import { WeekAtAGlance } from '../../events';
import { HouseInviteCard, useHouse } from '../../houses';
import { Tonight } from '../../meals';
import { UpcomingReminders } from '../../reminders';
import { YourTasks } from '../../tasks';
import { useMe } from '../../users';
import { HomeHeader } from '../components/home-header';
import { NoHousePrompt } from '../components/no-house-prompt';

/** The longest the sections wait for one another before they show anyway. */
const SETTLE_MAX_MS = 2000;

/**
 * True once the sections' first answers are in (or after SETTLE_MAX_MS). Each section loads on its own; one
 * that grew after the ones below it had been drawn would push them down the screen (a layout shift), so
 * they appear together. Sections whose answers are already in the cache show at once.
 */
function useSectionsSettled(shown: boolean): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  // The sections' queries start as they mount (`shown`), before this effect runs: nothing fetching now
  // means every first answer is in, or was in the cache already. Once settled, Home stops listening, so
  // later refetches (the live stream's) do not draw the whole page again.
  useEffect(() => {
    if (settled || !shown) return;
    // As a transition: the sections draw their first answers in the background (deferred), and React
    // draws all such work together, so they are shown with their answers in them, not with spinners that
    // then grow.
    const settle = () => startTransition(() => setSettled(true));
    const check = () => {
      if (queryClient.isFetching() === 0) settle();
    };
    check();
    // Told after the cache's own batch of changes, never while a section renders.
    const unsubscribe = queryClient.getQueryCache().subscribe(() => notifyManager.schedule(check));
    const timer = setTimeout(settle, SETTLE_MAX_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [settled, shown, queryClient]);
  return settled;
}

/**
 * Home (/home). Feature sections go in the main column, in this order after the header:
 * 'This Week at a Glance' (features/events), then 'Upcoming Reminders (Next 7 Days)' (features/reminders).
 * Each section is one element receiving the loaded user (contract `User`, house_id may be null),
 * e.g. `<WeekAtAGlance user={user} />`, and handles its own loading, empty and error states.
 */
export function HomePage() {
  const me = useMe();
  const user = me.data ?? undefined;
  const house = useHouse(user?.house_id);
  // The sections show once their first answers are in and the header is whole (the house's name, which
  // may take a line of its own on a phone, would otherwise push them down as it arrives).
  const settled = useSectionsSettled(user !== undefined) && !(user?.house_id != null && house.isPending);

  // On Home these failures are only logged.
  useLogError(me.error);
  useLogError(house.error);

  // The sections ask for their data as soon as the profile is in, alongside the house (its name shows in
  // the header when it comes); they stay hidden until every first answer is in.
  if (me.isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label={t('home:loadingYourHome')} className="[&_svg]:size-10" />
      </div>
    );
  }

  return (
    <div>
      <HomeHeader user={user} house={house.data} />
      {user && user.house_id === null && <NoHousePrompt />}
      {user && (
        // Hidden as a whole until settled: the browser counts no shift of what it does not show, so the
        // house's name arriving above does not count as moving the sections.
        <div className={`relative mt-6 ${settled ? '' : 'invisible'}`} aria-busy={!settled}>
          {!settled && (
            <div className="visible absolute inset-x-0 top-8 flex justify-center">
              <Spinner label={t('home:loadingYourHome')} className="[&_svg]:size-10" />
            </div>
          )}
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
            <div className="flex min-w-0 flex-col gap-6">
              {/* Home sections, one line each, in order. Not memoised: the reveal's transition draws them
                  again, and that is what completes their deferred first draws in the same commit. */}
              <WeekAtAGlance user={user} />
              <Tonight user={user} />
              <UpcomingReminders user={user} />
              <YourTasks user={user} />
              <YourBalance user={user} />
            </div>
            <div className="flex flex-col gap-6">{house.data && <HouseInviteCard house={house.data} />}</div>
          </div>
        </div>
      )}
    </div>
  );
}

export { HomePage as Component };
