export * from './client-config.js';
export * from './common.js';
export * from './houses.js';
export * from './users.js';
