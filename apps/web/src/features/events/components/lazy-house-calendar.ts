import { lazyComponent } from '../../../lib/lazy-component';

/**
 * The calendar grid (FullCalendar, its largest library by far) as a chunk of its own: the page's header,
 * toggles and panels draw without waiting for it.
 */
export const HouseCalendar = lazyComponent(
  () => import('./house-calendar'),
  (m) => m.HouseCalendar,
);
