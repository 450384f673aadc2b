import { pauses } from '../lib/pauses.js';

/** How much text is gathered before it is handed on. */
const CHUNK_CHARS = 64 * 1024;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * The JSON text of a value, in pieces: objects key by key, async iterables as arrays item by item, and a
 * function as what it resolves to, called only when its turn comes (so it is read in document order).
 */
async function* pieces(value: unknown): AsyncGenerator<string> {
  if (typeof value === 'function') {
    yield* pieces(await value());
    return;
  }
  if (isAsyncIterable(value)) {
    let first = true;
    yield '[';
    for await (const item of value) {
      yield first ? JSON.stringify(item) : `,${JSON.stringify(item)}`;
      first = false;
    }
    yield ']';
    return;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    let first = true;
    yield '{';
    for (const [key, item] of Object.entries(value)) {
      // As JSON.stringify does: an undefined property is left out.
      if (item === undefined) continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      yield* pieces(item);
      first = false;
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value);
}

/**
 * A document written out as JSON text a chunk at a time. Its async iterables (the pages a house export
 * reads as it goes) are written as arrays, its functions (sections read when reached) as their result,
 * and the event loop is let go every few milliseconds of work (lib/pauses), so a document of any size
 * neither sits whole in memory nor holds the server while it is made.
 */
export async function* jsonChunks(document: unknown): AsyncGenerator<string> {
  const pause = pauses();
  let buffer = '';
  for await (const piece of pieces(document)) {
    buffer += piece;
    if (buffer.length >= CHUNK_CHARS) {
      yield buffer;
      buffer = '';
    }
    await pause();
  }
  if (buffer) yield buffer;
}
