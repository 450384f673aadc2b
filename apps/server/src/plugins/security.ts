import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';

/** Security headers with a real Content-Security-Policy, and gzip/brotli for text. */
export const securityPlugin = fp<{ config: AppConfig }>(
  async (app: FastifyInstance, { config }) => {
    const issuerOrigin = new URL(config.oidc.issuer).origin;
    const self = "'self'";
    const withIssuer = issuerOrigin === new URL(config.publicUrl).origin ? [self] : [self, issuerOrigin];
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: [self],
          baseUri: [self],
          scriptSrc: [self],
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
      strictTransportSecurity: config.publicUrl.startsWith('https:'),
    });
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'security' },
);
