import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';
import { scriptHashSource } from '../lib/csp.js';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Powerful browser features Hearth never uses, switched off for its pages and anything they embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * Answers that are data, never a page: the API's (but for its docs viewer, a page) and the probes'. A
 * browser renders none of them, so the page headers that govern a document (what it may load, its
 * features, its window) do nothing there, while each header costs every answer (on a bare route, 15
 * headers of a page's size took a third or more of its time). These keep what applies to data: nothing
 * runs or loads should one be opened as a document, no framing, no sniffing, no cross-origin reads, no
 * referrer.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** Whether a request's URL (path and query) asks for one of those answers. */
export function isApiAnswer(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs');
  return url === '/healthz' || url === '/readyz';
}

/**
 * The CSP sources ('sha256-…') of the inline scripts in a page (those without src): the web app's
 * index.html carries its start-up scripts inline (the theme, the page's code asked for early, the Intl
 * warm-up), so that the first paint waits for no request.
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    sources.push(scriptHashSource(body));
  }
  return sources;
}

/** The inline scripts' sources of the built web app's index.html; none when the app is not built. */
function webAppInlineScripts(webDist: string | null): string[] {
  if (!webDist) return [];
  try {
    return inlineScriptSources(readFileSync(join(webDist, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * The headers a helmet middleware sets, worked out once: they are the same for every answer (no nonces),
 * and building them per request cost a tenth of a small answer's time.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Security headers with a real Content-Security-Policy, and gzip/brotli for text. */
export const securityPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    const issuerOrigin = new URL(config.oidc.issuer).origin;
    const self = "'self'";
    const withIssuer = issuerOrigin === new URL(config.publicUrl).origin ? [self] : [self, issuerOrigin];
    const securityHeaders = headersOf(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: [self],
            baseUri: [self],
            scriptSrc: [self, ...webAppInlineScripts(config.webDist)],
            // FullCalendar and React set inline style attributes.
            styleSrc: [self, "'unsafe-inline'"],
            imgSrc: [self, 'data:', 'blob:'],
            fontSrc: [self, 'data:'],
            // The browser talks to the issuer directly for discovery, tokens and sign-out.
            connectSrc: withIssuer,
            formAction: withIssuer,
            frameAncestors: ["'none'"],
            objectSrc: ["'none'"],
            manifestSrc: [self],
            workerSrc: [self, 'blob:'],
          },
        },
        // Lets the issuer's pages send people back here after sign-in.
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
        // Sent below, and only on answers that really went out over https.
        strictTransportSecurity: false,
      }),
    );
    securityHeaders['permissions-policy'] = PERMISSIONS_POLICY;
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? API_HEADERS : securityHeaders);
      // Over plain http the header means nothing to a browser and may pin a name that has no certificate.
      // Behind a TLS-offloading proxy, request.protocol comes from a trusted X-Forwarded-Proto.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    // Answers made on the fly: brotli at quality 4 (its maximum, 11, costs many times more for a few
    // percent), gzip at its default level, nothing under 1 KB. Request bodies are not unpacked: no client
    // sends them packed, and the unpacking hook would run before every request's body.
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'security' },
);
