export * from './client-config.js';
export * from './common.js';
export * from './events.js';
export * from './groceries.js';
export * from './houses.js';
export * from './live.js';
export * from './reminders.js';
export * from './users.js';
