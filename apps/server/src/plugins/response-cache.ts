import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { LIVE_POSITION_HEADER } from '@hearth/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { type CompiledQuery, sql } from 'kysely';
import { type CacheVersions, houseScopeKey, userScopeKey } from '../core/cache-versions.js';
import { type Db, immediateReads, preparedReads, type SqliteReadStatement } from '../db/create-db.js';

/*
 * Conditional GETs and kept answers for the reads clients poll.
 *
 * Every house and every person has a version counter (table cache_versions). It is raised when a change is
 * published on the live stream (before the message leaves, so a client that refetches on it never gets the
 * older answer), and after every successful write through the API by a member (profile edits and the like,
 * which publish nothing). A route that opts in with `config: { cache: 'house' | 'person' }` is answered
 * from memory while the versions it was made under are current: the caller's house and its version (and
 * for 'person', the caller's own version) are read in one indexed query on every request, so a change made
 * through any instance is seen at once, and a member who left or was removed never gets their old house's
 * answers. Each answer carries a strong ETag (a hash of its bytes, suffixed per content coding); a request
 * whose If-None-Match names it gets a 304 without a body.
 *
 * A polled read is mostly answered from memory, so that path is kept short: it is looked up in the route's
 * own onRequest hook, right after the token check (the body, validation and handler steps never run for
 * it). On SQLite the versions are read with a prepared statement called at once (see immediateReads), not
 * through Kysely's asynchronous hand-over of the connection, and while nothing at all was committed to the
 * database since (by any connection, any process) the row read before is used again. That check is made
 * once for all the requests read in one pass of the event loop, which are answered together after it.
 */

/** Tables whose rows give a person a secret link (a hash of it, and whose it is). */
export type LinkTable = 'calendar_subscriptions' | 'personal_feed_links';

export interface CacheOptions {
  /** 'house': the same answer for every member; 'person': the caller's own (their house's data too). */
  scope: 'house' | 'person';
  /**
   * For answers that also depend on the clock (what is due, overdue, today): kept at most this long. The
   * ETag still names the bytes, so an unchanged answer made again is still a 304.
   */
  maxAgeSeconds?: number;
  /**
   * The caller may come with a secret link instead of a token: `?token=` is hashed with `hash` and looked
   * up in `table` on every request (a revoked link stops at once).
   */
  link?: { table: LinkTable; hash: (secret: string) => string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer from memory while the house's (and for 'person' the caller's) data is unchanged. */
    cache?: 'house' | 'person' | CacheOptions;
  }
  interface FastifyRequest {
    /** Where this GET's answer is kept once made, or the scope a write changes. */
    cacheSlot: CacheSlot | null;
    /** Set on the request making an answer others wait for: hands them the result. */
    cacheFlight: ((made: Entry | null) => void) | null;
    /** The kept answer's place found before validation (null: the route answers itself), if looked up. */
    cacheLookup: { slot: CacheSlot | null } | null;
    /** The live stream's position before this request read its data (when it makes a kept answer). */
    livePosition: string | null;
  }
}

interface Scope {
  userId: number;
  houseId: number | null;
  houseVersion: number;
  userVersion: number;
}

interface CacheSlot {
  /** The answer's place: the house or person and the URL without credentials. */
  key: string;
  /** The versions the answer is made under. */
  version: string;
  maxAgeMs: number | null;
  scope: Scope;
}

interface Entry {
  version: string;
  /** Hash of the bytes; the sent ETag adds the content coding. */
  tag: string;
  etags: { identity: string; br: string; gzip: string };
  body: Buffer;
  headers: Record<string, string>;
  expiresAt: number;
  br?: Buffer;
  gzip?: Buffer;
  /** The live stream's position before the data was read, sent with every copy of the answer. */
  position: string | null;
}

/** The live stream's current position for a house (the live bus). */
export interface LivePositions {
  positionNow(houseId: number | null): string;
}

export interface ResponseCacheOptions {
  db: Db;
  versions: CacheVersions;
  /** When given, answers carry the position their data was read at (LIVE_POSITION_HEADER). */
  positions?: LivePositions;
  /** Upper bound of the kept bytes (bodies and their compressed forms). */
  maxBytes?: number;
  /** Told of each answer sent from what is kept (metrics). */
  onHit?: () => void;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Credentials in the URL name who asks, not what is answered: left out of the answer's place. */
const CREDENTIAL_PARAMS = /([?&])(?:access_token|token)=[^&]*&?/g;
const HAS_CREDENTIAL_PARAM = /[?&](?:access_token|token)=/;
const KEPT_HEADERS = ['content-type', 'cache-control', 'content-disposition'];
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/json|text\/)/;
/** Callers whose scope rows are kept between two changes to the database. */
const UNCHANGED_MAX = 10_000;

/** A GET waiting to be answered early, after the next check of the database for changes. */
interface EarlyRequest {
  opts: CacheOptions;
  request: FastifyRequest;
  reply: FastifyReply;
  done: HookHandlerDoneFunction;
}

/** A scope read run at once on SQLite, and its rows while the database is unchanged (by parameters). */
interface ImmediateScopeRead {
  statement: SqliteReadStatement;
  rows: Map<string, ScopeRow | undefined>;
}

interface ScopeRow {
  user_id: number;
  house_id: number | null;
  house_version: number | null;
  user_version: number | null;
}

function options(config: CacheOptions | 'house' | 'person' | undefined): CacheOptions | null {
  if (config === undefined) return null;
  return typeof config === 'string' ? { scope: config } : config;
}

/** br, then gzip, as the client accepts them (q=0 refuses). */
function negotiate(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** Whether If-None-Match names this answer (in any content coding), or is `*`. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  for (const raw of ifNoneMatch.split(',')) {
    const value = raw.trim();
    if (value === '*') return true;
    // A weak comparison is what If-None-Match asks for (RFC 9110 13.1.2).
    const opaque = value.replace(/^W\//, '').replace(/^"|"$/g, '');
    if (opaque === tag || opaque.startsWith(`${tag}-`)) return true;
  }
  return false;
}

/** The answer's ETag in each content coding, made once per kept answer. */
function etagsOf(tag: string): Entry['etags'] {
  return { identity: `"${tag}"`, br: `"${tag}-br"`, gzip: `"${tag}-gzip"` };
}

async function bytesOf(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as Readable).pipe === 'function') {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) {
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    }
    return Buffer.concat(chunks);
  }
  return null;
}

class Store {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Entry | undefined {
    return this.entries.get(key);
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    this.trim();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Counts a compressed form made later. */
  grew(by: number): void {
    this.bytes += by;
    this.trim();
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(old);
  }

  /** Oldest stored first: a slot that keeps changing is stored again and moves to the back. */
  private trim(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(key);
    }
  }
}

const sizeOf = (e: Entry) => e.body.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0);

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as Promise<T> | null)?.then === 'function';

export const responseCachePlugin = fp<ResponseCacheOptions>(
  async (app: FastifyInstance, { db, versions, positions, maxBytes = 64 * 1024 * 1024, onHit }) => {
    const store = new Store(maxBytes);
    versions.onFailure(() => store.clear());

    // Compiled once: this read runs on every cached request, so it skips Kysely's query building.
    const scopeColumns = sql`u.user_id, u.house_id, hv.version as house_version, uv.version as user_version`;
    const versionJoins = sql`left join cache_versions hv on hv.scope_key = 'h:' || u.house_id
      left join cache_versions uv on uv.scope_key = 'u:' || u.user_id`;
    const byIdentity = sql<ScopeRow>`select ${scopeColumns} from users u ${versionJoins}
      where u.issuer = ${''} and u.subject = ${''}`.compile(db);
    const byLink = new Map<LinkTable, CompiledQuery<ScopeRow>>(
      (['calendar_subscriptions', 'personal_feed_links'] as const).map((table) => [
        table,
        sql<ScopeRow>`select ${scopeColumns} from ${sql.table(table)} l
          join users u on u.user_id = l.user_id ${versionJoins}
          where l.token_hash = ${''}`.compile(db),
      ]),
    );
    // On SQLite the same reads as prepared statements run at once: Kysely's hand-over of the connection
    // (a lock and several awaits) cost more than the indexed read itself.
    const reads = immediateReads(db);
    const immediate = new Map<CompiledQuery<ScopeRow>, ImmediateScopeRead>(
      reads
        ? [byIdentity, ...byLink.values()].map((query) => [
            query,
            { statement: reads.prepare(query.sql), rows: new Map() },
          ])
        : [],
    );
    // And their rows are kept while nothing at all was committed to the database (reads.generation()):
    // a polled read then costs a check of two counters instead of the joins.
    let unchangedSince = -1;
    let kept = 0;
    function readNow(
      { statement, rows }: ImmediateScopeRead,
      parameters: string[],
      generation: number,
    ): ScopeRow | undefined {
      if (generation !== unchangedSince || kept >= UNCHANGED_MAX) {
        for (const read of immediate.values()) read.rows.clear();
        unchangedSince = generation;
        kept = 0;
      }
      // A subject never holds a newline (hasUnstorableChars), so the joined key names one caller.
      const key = parameters.length === 1 ? (parameters[0] as string) : parameters.join('\n');
      let row = rows.get(key);
      if (row === undefined && !rows.has(key)) {
        row = statement.get(...parameters) as ScopeRow | undefined;
        rows.set(key, row);
        kept++;
      }
      return row;
    }

    /*
     * That check of the database costs two statements and file locks, more than the rest of a 304. So a
     * request answered early waits for the end of the event loop's poll phase, and one check then serves
     * every request read in that phase: each of them was read before the check, so whatever was committed
     * before any of them was sent is seen. (Answering in one go after the reads is also cheaper per request
     * than answering each in the middle of reading the next.)
     */
    const waiting: EarlyRequest[] = [];
    function afterNextCheck(early: EarlyRequest): void {
      if (waiting.length === 0) setImmediate(answerWaiting);
      waiting.push(early);
    }
    function answerWaiting(): void {
      const batch = waiting.splice(0);
      let generation: number | undefined;
      let failure: Error | null = null;
      try {
        if (reads?.free()) generation = reads.generation();
      } catch (err) {
        // A locked or lost database: each request gets the error (a 503), as it would have on its own.
        failure = err as Error;
      }
      for (const { opts, request, reply, done } of batch) {
        try {
          if (failure) done(failure);
          else answerEarlyNow(opts, request, reply, done, generation);
        } catch (err) {
          // One request's failure is its own: the others in the batch are still answered.
          if (!reply.sent) done(err as Error);
        }
      }
    }

    // On PostgreSQL, as named prepared statements: planned once per connection, not on every request.
    const pgReads = preparedReads(db);
    const statementNames = new Map<CompiledQuery<ScopeRow>, string>([
      [byIdentity, 'hearth_scope_by_identity'],
      ...[...byLink].map(([table, query]) => [query, `hearth_scope_by_${table}`] as const),
    ]);

    function toScope(row: ScopeRow | undefined): Scope | null {
      if (!row) return null;
      return {
        userId: row.user_id,
        houseId: row.house_id,
        houseVersion: row.house_version ?? 0,
        userVersion: row.user_version ?? 0,
      };
    }

    /**
     * The caller's house and versions: at once on an idle SQLite connection, else through Kysely.
     * `generation`: the database's, checked already for this request (see answerWaiting).
     */
    function scopeOf(
      request: FastifyRequest,
      opts: CacheOptions | null,
      generation?: number,
    ): Scope | null | Promise<Scope | null> {
      let query: CompiledQuery<ScopeRow> | undefined;
      let parameters: string[];
      if (request.identity) {
        query = byIdentity;
        parameters = [request.identity.issuer, request.identity.subject];
      } else {
        const secret = (request.query as Record<string, unknown> | undefined)?.token;
        query = opts?.link ? byLink.get(opts.link.table) : undefined;
        if (!query || !opts?.link || typeof secret !== 'string' || secret === '') return null;
        parameters = [opts.link.hash(secret)];
      }
      const read = immediate.get(query);
      if (read && reads?.free()) return toScope(readNow(read, parameters, generation ?? reads.generation()));
      const name = statementNames.get(query);
      if (pgReads && name) {
        return pgReads
          .query(name, query.sql, parameters)
          .then((rows) => toScope(rows[0] as ScopeRow | undefined));
      }
      return db.executeQuery<ScopeRow>({ ...query, parameters }).then(({ rows }) => toScope(rows[0]));
    }

    function slotFor(request: FastifyRequest, opts: CacheOptions, scope: Scope): CacheSlot | null {
      let url = request.url;
      if (HAS_CREDENTIAL_PARAM.test(url)) url = url.replace(CREDENTIAL_PARAMS, '$1');
      if (url.endsWith('?') || url.endsWith('&')) url = url.slice(0, -1);
      const maxAgeMs = opts.maxAgeSeconds ? opts.maxAgeSeconds * 1000 : null;
      if (opts.scope === 'house') {
        if (scope.houseId === null) return null;
        return { key: `h${scope.houseId} ${url}`, version: `${scope.houseVersion}`, maxAgeMs, scope };
      }
      const version = `${scope.houseId ?? 0}.${scope.houseVersion}.${scope.userVersion}`;
      return { key: `u${scope.userId} ${url}`, version, maxAgeMs, scope };
    }

    /** The kept answer for the slot, if it was made under the current versions and is not too old. */
    function current(slot: CacheSlot): Entry | undefined {
      const entry = store.get(slot.key);
      if (!entry || entry.version !== slot.version || entry.expiresAt <= Date.now()) return undefined;
      return entry;
    }

    /**
     * Sets the answer's headers and picks its bytes for this client: null for a 304, else the body in the
     * best coding the client accepts (each coding made once per answer, and kept beside it).
     */
    function encode(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer | null {
      const compressible =
        entry.body.length >= COMPRESS_MIN_BYTES && COMPRESSIBLE.test(entry.headers['content-type'] ?? '');
      const encoding = compressible ? negotiate(request.headers['accept-encoding']) : null;
      // A browser keeps the answer and asks again with If-None-Match every time; shared caches never keep it.
      reply.header('cache-control', entry.headers['cache-control'] ?? 'private, no-cache');
      reply.header('vary', 'Accept-Encoding');
      const sent = entry.etags[encoding ?? 'identity'];
      reply.header('etag', sent);
      // On a 304 too: the browser's copy takes the new headers, so its reader sees the newest position.
      if (entry.position) reply.header(LIVE_POSITION_HEADER, entry.position);
      const ifNoneMatch = request.headers['if-none-match'];
      // Most often the client names exactly the ETag it was sent: no parsing then.
      if (ifNoneMatch === sent || matches(ifNoneMatch, entry.tag)) {
        // A 304 carries what a cache needs to refresh its copy (RFC 9110 15.4.5), not the body's type.
        reply.code(304);
        return null;
      }
      for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
      if (!encoding) return entry.body;
      let body = entry[encoding];
      if (!body) {
        // A level meant for answers made on the fly (brotli's maximum, 11, costs many times more).
        body =
          encoding === 'br'
            ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(entry.body, { level: 6 });
        entry[encoding] = body;
        store.grew(body.length);
      }
      reply.header('content-encoding', encoding);
      return body;
    }

    /** Sends a kept answer (a 304 or its bytes). */
    function answer(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
      onHit?.();
      const body = encode(request, reply, entry);
      // No payload at all for a 304 (a null one would be serialised as JSON and given a length).
      return body === null ? reply.send() : reply.send(body);
    }

    app.decorateRequest('cacheSlot', null);
    app.decorateRequest('cacheFlight', null);
    app.decorateRequest('cacheLookup', null);
    app.decorateRequest('livePosition', null);
    /** Answers being made, by place and version; resolved with the kept entry, or null. */
    const inFlight = new Map<string, Promise<Entry | null>>();

    /** Sends the kept answer if it is current; otherwise notes the slot for preHandler. */
    function answerIfKept(
      scope: Scope | null,
      opts: CacheOptions,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const slot = scope && slotFor(request, opts, scope);
      const entry = slot && current(slot);
      if (entry) {
        answer(request, reply, entry);
        return true;
      }
      request.cacheLookup = { slot };
      return false;
    }

    /**
     * A kept answer as early as it can be given: after the app's onRequest hooks (the token check and the
     * security headers among them), before the body, validation and handler steps. Only for URLs without
     * credentials in them: such a URL is the very one the kept answer was made for, so it passed the same
     * validation; a URL with a token in it (whose value is not part of the answer's place) waits for
     * validation and is answered in preHandler. Once answered, done() is not called: no further step runs.
     */
    function answerEarly(
      opts: CacheOptions,
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
    ) {
      if (request.method !== 'GET' || !request.identity || HAS_CREDENTIAL_PARAM.test(request.url)) {
        done();
        return;
      }
      if (reads) afterNextCheck({ opts, request, reply, done });
      else answerEarlyNow(opts, request, reply, done);
    }
    function answerEarlyNow(
      opts: CacheOptions,
      request: FastifyRequest,
      reply: FastifyReply,
      done: HookHandlerDoneFunction,
      generation?: number,
    ) {
      const scope = scopeOf(request, opts, generation);
      if (!isPromise(scope)) {
        if (!answerIfKept(scope, opts, request, reply)) done();
        return;
      }
      scope.then((s) => answerIfKept(s, opts, request, reply)).then((answered) => answered || done(), done);
    }
    // A route hook runs after every app-wide one, whatever the order plugins were registered in.
    app.addHook('onRoute', (route) => {
      const opts = options(route.config?.cache);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!opts || !methods.includes('GET')) return;
      const early: onRequestHookHandler = (request, reply, done) => answerEarly(opts, request, reply, done);
      const own = route.onRequest;
      route.onRequest = own ? [...(Array.isArray(own) ? own : [own]), early] : [early];
    });

    /** Before the handler: a kept answer is sent (resolves true), or the slot is noted for onSend. */
    async function beforeHandler(
      request: FastifyRequest,
      reply: FastifyReply,
      opts: CacheOptions | null,
    ): Promise<boolean> {
      if (opts) {
        let slot: CacheSlot | null;
        if (request.cacheLookup) slot = request.cacheLookup.slot;
        else {
          const scope = await scopeOf(request, opts);
          slot = scope && slotFor(request, opts, scope);
        }
        if (!slot) return false; // no profile, no house, no valid link: the route gives its own answer
        let entry = current(slot);
        if (!entry) {
          // After a change every member's screen asks at once: one request makes the answer, the others
          // wait for it instead of all making it.
          const flight = `${slot.key}\n${slot.version}`;
          const making = inFlight.get(flight);
          entry = making ? ((await making) ?? undefined) : undefined;
          if (!entry) {
            if (!making) {
              let settle: (entry: Entry | null) => void = () => undefined;
              inFlight.set(flight, new Promise<Entry | null>((resolve) => (settle = resolve)));
              request.cacheFlight = (made) => {
                request.cacheFlight = null;
                inFlight.delete(flight);
                settle(made);
              };
            }
            request.cacheSlot = slot;
            // Read before the handler reads the data: any change after this point is after the position.
            request.livePosition = positions?.positionNow(slot.scope.houseId) ?? null;
            return false;
          }
        }
        answer(request, reply, entry);
        return true;
      }
      const scope = await scopeOf(request, null);
      if (scope) request.cacheSlot = { key: '', version: '', maxAgeMs: null, scope };
      return false;
    }

    // App-wide hooks take a callback with a synchronous way out: most requests have nothing to do here,
    // and a promise each would cost them a microtask hop.
    app.addHook('preHandler', (request, reply, done) => {
      const opts = request.method === 'GET' ? options(request.routeOptions.config.cache) : null;
      // A write changes what its author's house (and the author) sees, whether or not it publishes.
      const write =
        WRITES.has(request.method) && request.identity !== null && request.url.startsWith('/api/');
      if (!opts && !write) return done();
      beforeHandler(request, reply, opts).then((answered) => {
        if (!answered) done();
      }, done);
    });

    // Runs before compression (this plugin is registered first), so it sees the bytes as made.
    app.addHook('onSend', (request, reply, payload, done) => {
      const slot = request.cacheSlot;
      if (!slot) return done(null, payload);
      keep(request, reply, payload, slot).then((sent) => done(null, sent), done);
    });

    /** Raises the versions after a write; keeps a fresh 200 answer and sends it encoded. */
    async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, slot: CacheSlot) {
      if (request.method !== 'GET') {
        if (reply.statusCode < 400) {
          const { userId, houseId } = slot.scope;
          await versions.bump(
            houseId === null ? [userScopeKey(userId)] : [userScopeKey(userId), houseScopeKey(houseId)],
          );
        }
        return payload;
      }
      // Only fresh 200 answers are kept (hits are sent by the preHandler).
      if (reply.statusCode !== 200 || reply.hasHeader('set-cookie')) {
        request.cacheFlight?.(null);
        return payload;
      }
      const body = await bytesOf(payload);
      if (!body) {
        request.cacheFlight?.(null);
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
      const expiresAt = slot.maxAgeMs === null ? Number.POSITIVE_INFINITY : Date.now() + slot.maxAgeMs;
      const entry: Entry = {
        version: slot.version,
        tag,
        etags: etagsOf(tag),
        body,
        headers,
        expiresAt,
        position: request.livePosition,
      };
      store.set(slot.key, entry);
      request.cacheFlight?.(entry);
      // Encoded here, so the compression plugin after this hook leaves it alone.
      return encode(request, reply, entry);
    }

    // Whatever became of a request that was making an answer, those waiting for it go on.
    app.addHook('onResponse', (request, _reply, done) => {
      request.cacheFlight?.(null);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      request.cacheFlight?.(null);
      done();
    });
  },
  { name: 'response-cache' },
);
