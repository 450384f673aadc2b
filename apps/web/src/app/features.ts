/*
 * Every feature of the app, one line each (its `feature` from features/<name>/feature.ts). The router mounts
 * their routes, the sidebar shows their nav entries by order, and the live stream refetches what they
 * declare. The order of the lines does not matter.
 */
export { feature as bills } from '../features/bills/feature';
export { feature as events } from '../features/events/feature';
export { feature as 'external-calendars' } from '../features/external-calendars/feature';
export { feature as groceries } from '../features/groceries/feature';
export { feature as home } from '../features/home/feature';
export { feature as houses } from '../features/houses/feature';
export { feature as meals } from '../features/meals/feature';
export { feature as notifications } from '../features/notifications/feature';
export { feature as reminders } from '../features/reminders/feature';
export { feature as tasks } from '../features/tasks/feature';
export { feature as users } from '../features/users/feature';
