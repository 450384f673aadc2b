import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@hearth/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NOT_WEB = /^\/(api|oidc|metrics)(\/|$)/;

/**
 * Serves the built web app: hashed assets cached for a year, index.html (and the service worker, the
 * manifest, anything not hashed) always revalidated, and any other GET that wants HTML answered with
 * index.html so the browser's router can take it (history fallback). The build writes brotli and gzip
 * copies of its text files: they are sent as they are to a browser that accepts them (Content-Encoding,
 * Vary: Accept-Encoding), so no answer is compressed per request.
 */
export const webStaticPlugin = fp<{ webDist: string | null }>(
  async (app: FastifyInstance, { webDist }) => {
    const index = webDist ? join(webDist, 'index.html') : null;
    const served = index !== null && existsSync(index);
    if (served) {
      await app.register(fastifyStatic, {
        root: webDist!,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(reply, path) {
          const hashed = /[\\/]assets[\\/]/.test(path);
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else if (webDist) {
      app.log.warn({ webDist }, 'web app is not built: run `npm run build` to serve it');
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0]!;
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !NOT_WEB.test(path) &&
        !/\.\w+$/.test(path);
      if (served && wantsPage) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({
        error: {
          code: ErrorCode.notFound,
          message: `No route for ${request.method} ${path}.`,
        },
      });
    });
  },
  { name: 'web-static' },
);
