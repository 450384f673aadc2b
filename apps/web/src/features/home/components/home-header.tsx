import type { House, User } from '@hearth/contract';
import { House as HouseIcon } from 'lucide-react';

/** SPEC 'Home': the welcome heading; with a house, its name and image at the top right. */
export function HomeHeader({ user, house }: { user: User | undefined; house: House | undefined }) {
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="min-w-0 text-2xl font-bold tracking-tight text-espresso sm:text-3xl">
        {user ? `Welcome home, ${user.first_name} ${user.last_name}!` : 'Welcome home!'}
      </h1>
      {house && (
        <div className="flex items-center gap-3 rounded-full border border-line bg-surface py-1.5 pr-4 pl-1.5 shadow-soft">
          {house.house_img ? (
            <img src={house.house_img} alt="" className="size-11 rounded-full object-cover" />
          ) : (
            <span className="flex size-11 items-center justify-center rounded-full bg-tan-light text-primary">
              <HouseIcon className="size-5" aria-hidden="true" />
            </span>
          )}
          <span className="font-semibold text-espresso">{house.house_name}</span>
        </div>
      )}
    </header>
  );
}
