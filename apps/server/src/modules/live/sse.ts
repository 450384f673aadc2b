/** Server-sent events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html). */

export function sseEvent(event: string, data: unknown, id?: string): string {
  const lines = [`event: ${event}`];
  if (id !== undefined) lines.push(`id: ${id}`);
  // JSON.stringify never emits a raw newline, so the data is one line.
  lines.push(`data: ${JSON.stringify(data)}`);
  return `${lines.join('\n')}\n\n`;
}

export const sseComment = (text: string) => `: ${text}\n\n`;

/** Tells EventSource-style clients how long to wait before reconnecting. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;
