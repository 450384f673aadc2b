/* The live stream: the signed-in layout keeps it open; features with data outside the query cache listen. */
export { emitLiveChange, useLiveChange } from './live-events';
export { applyLiveResync, liveQueryKeys, useLiveUpdates } from './use-live-updates';
