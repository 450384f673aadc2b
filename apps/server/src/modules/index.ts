/*
 * Every domain of the API, one line each (its module from modules/<name>/index.ts). app.ts registers
 * whatever this file exports; the order of the lines does not matter.
 */
export { accessTokensModule } from './access-tokens/index.js';
export { appPasswordsModule } from './app-passwords/index.js';
export { billsModule } from './bills/index.js';
export { caldavModule } from './caldav/index.js';
export { eventsModule } from './events/index.js';
export { externalCalendarsModule } from './external-calendars/index.js';
export { groceriesModule } from './groceries/index.js';
export { housesModule } from './houses/index.js';
export { liveModule } from './live/index.js';
export { mcpModule } from './mcp/index.js';
export { mealsModule } from './meals/index.js';
export { notificationsModule } from './notifications/index.js';
export { remindersModule } from './reminders/index.js';
export { tasksModule } from './tasks/index.js';
export { usersModule } from './users/index.js';
export { webhooksModule } from './webhooks/index.js';
