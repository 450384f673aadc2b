import { memo } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { navEntries } from '../feature';
import * as registry from '../features';

const NAV_ENTRIES = navEntries(Object.values(registry));

/** The navigation links; NavLink marks the active one with aria-current="page". */
export const SidebarNav = memo(function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {NAV_ENTRIES.map(({ name, path, icon: Icon }) => (
        <li key={path}>
          <NavLink
            to={path}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex min-h-11 items-center gap-3 rounded-xl px-3 font-semibold transition-colors',
                isActive ? 'bg-primary text-on-primary shadow-soft' : 'text-espresso hover:bg-tan-light',
              )
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            {name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
});
