import { type ClientHttp2Session, connect, constants } from 'node:http2';

/*
 * A client for Caddy's HTTPS over HTTP/2 only: every request of the test that goes through the proxy uses
 * one HTTP/2 connection trusting Caddy's own local authority, so each answer also proves the protocol.
 */

export interface H2Client {
  /** A fetch look-alike (enough for the sign-in flow and the API calls) over the HTTP/2 connection. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /** Opens a server-sent event stream and hands each event to `onEvent` until `close()`. */
  events(path: string, headers: Record<string, string>, onEvent: (event: SseEvent) => void): () => void;
  /** The protocol TLS negotiated (ALPN): 'h2' for HTTP/2. */
  readonly alpn: string | undefined;
  close(): void;
}

export interface SseEvent {
  event: string;
  data: string;
}

export async function h2Client(origin: string, ca: string): Promise<H2Client> {
  const session: ClientHttp2Session = connect(origin, { ca, servername: new URL(origin).hostname });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  session.on('error', () => {
    // Errors reach the pending requests; an idle session's error must not crash the test.
  });

  async function fetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    if (url.origin !== new URL(origin).origin) throw new Error(`${url.href} is not on ${origin}`);
    const headers: Record<string, string> = {
      [constants.HTTP2_HEADER_METHOD]: init.method ?? 'GET',
      [constants.HTTP2_HEADER_PATH]: `${url.pathname}${url.search}`,
    };
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request = session.request(headers);
    if (init.body !== undefined && init.body !== null) request.end(String(init.body));
    else request.end();
    const [status, responseHeaders] = await new Promise<[number, Headers]>((resolve, reject) => {
      request.once('error', reject);
      request.once('response', (h) => {
        const out = new Headers();
        for (const [key, value] of Object.entries(h)) {
          if (key.startsWith(':') || value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [String(value)]) out.append(key, v);
        }
        resolve([Number(h[constants.HTTP2_HEADER_STATUS]), out]);
      });
    });
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const nullBody = status === 204 || status === 205 || status === 304;
    const response = new Response(nullBody ? null : Buffer.concat(chunks), {
      status,
      headers: responseHeaders,
    });
    // As fetch's own answers do, it knows its URL (relative redirects resolve against it).
    Object.defineProperty(response, 'url', { value: url.href });
    return response;
  }

  function events(
    path: string,
    headers: Record<string, string>,
    onEvent: (event: SseEvent) => void,
  ): () => void {
    const request = session.request({
      ':method': 'GET',
      ':path': path,
      accept: 'text/event-stream',
      ...headers,
    });
    request.setEncoding('utf8');
    let buffer = '';
    request.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        onEvent(parseEvent(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
      }
    });
    request.on('error', () => {});
    request.end();
    return () => request.close();
  }

  return {
    fetch,
    events,
    get alpn() {
      return session.alpnProtocol;
    },
    close: () => session.close(),
  };
}

export function parseEvent(block: string): SseEvent {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  return { event, data: data.join('\n') };
}
