import { type Static, Type } from 'typebox';

/*
 * The live stream, GET /api/live: server-sent events scoped to the caller's house (and to the caller, for
 * personal data such as reminders). Messages say what changed, never the data itself: clients refetch.
 *
 *   event: change   data: LiveChange   id: an opaque position; send the last one back as Last-Event-ID
 *                                      to resume: changes missed since then are replayed first
 *   event: ready    data: LiveReady    id: the current position; once per connection, after any replay
 *   event: resync   data: {}           the server may have missed changes: refetch everything live
 *   event: reconnect data: {}          this server instance is stopping and ends the stream: reconnect (with
 *                                      Last-Event-ID), through the proxy to another instance
 *   : heartbeat                        a comment every LIVE_HEARTBEAT_MS so proxies keep the line open
 */

/**
 * The feature whose data changed (its module's name, e.g. groceries, events, tasks); clients refetch the
 * queries the feature declares for it. Each server module names the kinds it publishes.
 */
export const LiveKind = Type.String({ pattern: '^[a-z][a-z_]{0,31}$' });
export type LiveKind = Static<typeof LiveKind>;

export const LiveAction = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('deleted'),
]);
export type LiveAction = Static<typeof LiveAction>;

export const LiveChange = Type.Object({
  kind: LiveKind,
  /** What kind of row, e.g. grocery_list or grocery_item. */
  entity: Type.String({ maxLength: 40 }),
  action: LiveAction,
  /** The row's id. */
  id: Type.Integer(),
  /** The id of the row it belongs to, e.g. an item's grocery_list_id. */
  parent_id: Type.Optional(Type.Integer()),
  /** The user_id of who made the change. */
  actor_id: Type.Optional(Type.Integer()),
});
export type LiveChange = Static<typeof LiveChange>;

export const LiveReady = Type.Object({
  /**
   * false when the server replayed every change since the client's Last-Event-ID; true when it could not
   * (first connection, another server instance, a gap), so the client must refetch everything live.
   */
  resync: Type.Boolean(),
  house_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type LiveReady = Static<typeof LiveReady>;

export const LIVE_PATH = '/api/live';

/**
 * On the answers of the reads clients poll: the stream's position (as an event id) when the answer's data
 * was read. A client that has such answers opens its first stream from the oldest of them (Last-Event-ID):
 * the server then replays what changed since, or says `resync` when it cannot, and the client need not
 * refetch everything it has just read. Positions of one server instance and one house compare by their
 * middle number: `<epoch>-<number>-<house id, 0 for none>`.
 */
export const LIVE_POSITION_HEADER = 'live-position';
export const LIVE_HEARTBEAT_MS = 20_000;
