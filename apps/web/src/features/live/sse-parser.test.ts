import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(...chunks: string[]) {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.feed(chunk);
  return events;
}

describe('createSseParser', () => {
  it('reads events with their type, data and id, and skips comments', () => {
    expect(parse('retry: 2000\n\n: heartbeat\n\nevent: ready\nid: a-1-3\ndata: {"x":1}\n\n')).toEqual([
      { event: 'ready', data: '{"x":1}', id: 'a-1-3' },
    ]);
  });

  it('handles chunks split anywhere, including inside a \\r\\n', () => {
    expect(parse('event: cha', 'nge\r', '\ndata: 1\r', '\n\r\n')).toEqual([
      { event: 'change', data: '1', id: undefined },
    ]);
  });

  it('joins multi-line data, defaults the type to message and keeps the last id for later events', () => {
    expect(parse('id: 7\ndata: a\ndata: b\n\ndata:c\n\n')).toEqual([
      { event: 'message', data: 'a\nb', id: '7' },
      { event: 'message', data: 'c', id: '7' },
    ]);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parse('event: ready\ndata: {}\n')).toEqual([]);
  });

  it('accepts \\r alone as a line end', () => {
    expect(parse('data: x\r\rdata: y')).toEqual([{ event: 'message', data: 'x', id: undefined }]);
  });
});
