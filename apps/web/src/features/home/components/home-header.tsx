import type { House, User } from '@hearth/contract';
import { ChevronRight, House as HouseIcon } from 'lucide-react';
import { Link } from 'react-router';
import { t } from '../../../lib/i18n';

/** The welcome heading; with a house, its name and image at the top right, opening the House page. */
export function HomeHeader({ user, house }: { user: User | undefined; house: House | undefined }) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="min-w-0 text-2xl font-bold tracking-tight text-espresso sm:text-3xl">
        {user
          ? t('home:welcomeHome', { first_name: user.first_name, last_name: user.last_name })
          : t('home:welcomeHomeNoName')}
      </h1>
      {house && (
        <Link
          to="/house"
          aria-label={t('home:yourHouse', { house_name: house.house_name })}
          className="flex max-w-full min-w-0 items-center gap-3 rounded-full border border-line bg-surface py-1.5 pr-3 pl-1.5 shadow-soft hover:border-tan hover:bg-tan-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          {house.house_img ? (
            <img src={house.house_img} alt="" className="size-11 rounded-full object-cover" />
          ) : (
            <span className="flex size-11 items-center justify-center rounded-full bg-tan-light text-primary">
              <HouseIcon className="size-5" aria-hidden="true" />
            </span>
          )}
          <span className="min-w-0 font-semibold break-words text-espresso">{house.house_name}</span>
          <ChevronRight className="size-4 shrink-0 text-muted" aria-hidden="true" />
        </Link>
      )}
    </header>
  );
}
