/*
 * A server-sent events parser (the event stream format of the HTML standard, section 9.2.6), fed text
 * chunks split anywhere. eventsource-parser does the same but ships a "source" export condition that this
 * workspace's TypeScript setup (customConditions: ["source"], for @hearth/contract) would type-check.
 */

export interface SseEvent {
  /** The `event:` field, or 'message' when absent. */
  event: string;
  data: string;
  /** The last `id:` seen on this stream so far, if any. */
  id: string | undefined;
}

export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let lastId: string | undefined;
  let sawField = false;

  const line = (text: string) => {
    if (text === '') {
      // A blank line dispatches what was gathered; events without data are dropped.
      if (sawField && data.length > 0)
        onEvent({ event: event || 'message', data: data.join('\n'), id: lastId });
      data = [];
      event = '';
      sawField = false;
      return;
    }
    if (text.startsWith(':')) return; // a comment (heartbeat)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    sawField = true;
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // 'retry' and unknown fields: nothing to do here (the caller has its own backoff).
  };

  return {
    feed(chunk: string) {
      buffer += chunk;
      // Lines end with \r\n, \n or \r; a trailing \r may be the first half of \r\n, so it waits.
      const pattern = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
  };
}
