/*
 * Every feature of the app, one line each (its `feature` from features/<name>/index.ts). The router mounts
 * their routes, the sidebar shows their nav entries by order, and the live stream refetches what they
 * declare. The order of the lines does not matter.
 */
export { feature as bills } from '../features/bills';
export { feature as events } from '../features/events';
export { feature as groceries } from '../features/groceries';
export { feature as home } from '../features/home';
export { feature as houses } from '../features/houses';
export { feature as notifications } from '../features/notifications';
export { feature as reminders } from '../features/reminders';
export { feature as tasks } from '../features/tasks';
export { feature as users } from '../features/users';
