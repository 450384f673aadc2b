import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { LimitStore } from '../../lib/limits.js';
import type { AppPasswordsService } from '../app-passwords/index.js';
import { authenticate, type DavAuthLimits } from './auth.js';
import type { DavDeps, DavReply, DavRequest } from './context.js';
import { remove } from './delete.js';
import { DavError, forbidden } from './errors.js';
import { get } from './get.js';
import { ALLOWED, options } from './options.js';
import { propfind } from './propfind.js';
import { put } from './put.js';
import { report } from './report.js';
import { DAV_ROOT, resolveTarget } from './resources.js';
import { errorBody } from './xml.js';

export interface DavRoutesOptions {
  deps: DavDeps;
  passwords: AppPasswordsService;
  limitStore: LimitStore;
  limits: DavAuthLimits;
}

/** Methods WebDAV adds to HTTP; Fastify answers only those it knows. */
const BODY_METHODS = ['PROPFIND', 'REPORT', 'PROPPATCH', 'MKCALENDAR', 'MKCOL'] as const;
const BODYLESS_METHODS = ['MOVE', 'COPY'] as const;
const METHODS = ['OPTIONS', 'GET', 'PUT', 'DELETE', ...BODY_METHODS, ...BODYLESS_METHODS];

/** Request bodies a little over the object limit are read, so the limit is answered with its precondition. */
const BODY_LIMIT = 2 * 1024 * 1024;

const HANDLERS: Record<string, (req: DavRequest) => Promise<DavReply>> = {
  GET: get,
  PROPFIND: propfind,
  REPORT: report,
  PUT: put,
  DELETE: remove,
};

function send(reply: FastifyReply, result: DavReply) {
  reply.status(result.status);
  for (const [name, value] of Object.entries(result.headers ?? {})) reply.header(name, value);
  return reply.send(result.body ?? '');
}

function refusal(reply: FastifyReply, error: DavError) {
  return send(reply, {
    status: error.status,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body: errorBody(error),
  });
}

/**
 * The CalDAV tree under /dav/ (RFC 4791, RFC 6578) and its discovery address (RFC 6764). Each method
 * has its own file; this plugin reads bodies as text, signs the caller in with HTTP Basic and an app
 * password, finds their house again (so leaving ends access at once) and hands over.
 */
export async function davRoutes(
  app: FastifyInstance,
  { deps, passwords, limitStore, limits }: DavRoutesOptions,
) {
  for (const method of BODY_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  for (const method of BODYLESS_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }
  // iCalendar, XML or anything else arrives as text: the handlers decide what they accept.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'PROPFIND'],
    url: '/.well-known/caldav',
    schema: { hide: true },
    handler: (_request, reply) => reply.redirect(DAV_ROOT, 301),
  });
  // Apps given just the server address (python-caldav, so Home Assistant) ask the root itself for the
  // principal rather than the discovery address; GET / stays the web app's.
  app.route({
    method: 'PROPFIND',
    url: '/',
    schema: { hide: true },
    handler: (_request, reply) => reply.redirect(DAV_ROOT, 301),
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return send(reply, options());
    const auth = await authenticate(request, passwords, limitStore, limits);
    if (!auth.ok) {
      if (auth.status === 429) {
        reply.header('retry-after', String(auth.retryAfter));
        return refusal(reply, new DavError(429, null, 'Too many failed sign-ins; try again later.'));
      }
      reply.header('www-authenticate', 'Basic realm="Hearth", charset="UTF-8"');
      return refusal(reply, new DavError(401, null, 'Sign in with your user name and an app password.'));
    }
    const { user } = auth;
    try {
      const house = user.house_id === null ? null : ((await deps.repo.house(user.house_id)) ?? null);
      const path = request.url.split('?')[0] ?? '';
      const target = resolveTarget(path, user);
      const work = HANDLERS[request.method];
      if (!work) throw forbidden(`${request.method} is not allowed here: the calendars are Hearth's own.`);
      if (!target) throw new DavError(404, null, 'Not found.');
      const result = await work({ user, house, target, headers: request.headers, body: request.body, deps });
      if (request.method === 'GET' && !result.headers?.allow) reply.header('allow', ALLOWED);
      return send(reply, result);
    } catch (err) {
      if (err instanceof DavError) return refusal(reply, err);
      if (err instanceof AppError && err.statusCode < 500) {
        return refusal(reply, new DavError(err.statusCode, null, err.message));
      }
      throw err;
    }
  };
  app.route({ method: METHODS, url: '/dav', schema: { hide: true }, handler });
  app.route({ method: METHODS, url: '/dav/*', schema: { hide: true }, handler });
}
