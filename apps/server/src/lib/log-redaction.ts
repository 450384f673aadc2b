import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry credentials: feed tokens, bearer tokens, codes and hints of sign-in. */
const SECRET_QUERY_KEYS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'code',
  'code_verifier',
  'client_secret',
  'password',
]);

export const REDACTED = '[redacted]';

/**
 * A query key as a parser could read it, for comparison: percent-escapes decoded byte by byte (so a stray
 * `%` cannot stop the decoding), `+` as a space, lower case, and without a bracket suffix, so `token[]`,
 * `token[0]` and `token%5B%5D` are all `token`.
 */
function baseKey(rawKey: string): string {
  const decoded = rawKey
    .replace(/\+/g, ' ')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const bracket = decoded.indexOf('[');
  return (bracket === -1 ? decoded : decoded.slice(0, bracket)).trim().toLowerCase();
}

/** The URL with secret query values replaced (every occurrence of a key, bracketed or not), so it can be logged. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return url;
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url.slice(q + 1).split('&');
  const cleaned = params.map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    return SECRET_QUERY_KEYS.has(baseKey(rawKey)) ? `${rawKey}=${REDACTED}` : pair;
  });
  return `${url.slice(0, q)}?${cleaned.join('&')}`;
}

/**
 * Credentials wherever a log line could carry headers (pino's redact paths). `req` and `res` are not
 * among them: their serializers (below, and Fastify's for the reply: its status only) never copy headers,
 * and a redact path on them would cost every request's line a selective clone.
 */
const REDACT_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["proxy-authorization"]',
  'request.headers.authorization',
  'request.headers.cookie',
];

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The app's logger options: every request line shows its URL with secrets replaced, and credentials in
 * headers are censored in any line that carries them.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: LoggedRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host ?? request.hostname,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
