import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface MintOptions {
  audience?: string;
  issuer?: string;
  expiresIn?: string | number;
  /** Seconds before now at which the token was issued (for expired tokens). */
  issuedAgo?: number;
  claims?: JWTPayload;
  /** Leave out `exp` (a token that would never expire). */
  withoutExpiry?: boolean;
}

/**
 * A separate OpenID issuer for tests: serves a discovery document and a JWKS over real HTTP, and signs
 * access tokens the way an external provider (Auth0, Keycloak) would.
 */
export class StandInIssuer {
  private kid = 'stand-in-1';

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'],
    readonly defaultAudience: string,
    private readonly published: { keys: object[] },
  ) {}

  /** Replaces the signing key: the key set then publishes only the new one, as after a rotation. */
  async rotateKey(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    this.kid = `stand-in-${Date.now()}`;
    this.privateKey = privateKey;
    this.published.keys = [{ ...(await exportJWK(publicKey)), kid: this.kid, alg: 'RS256', use: 'sig' }];
  }

  static async start(audience: string): Promise<StandInIssuer> {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' };
    const published = { keys: [jwk] as object[] };
    let base = '';
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/jwks` }));
      } else if (req.url === '/jwks') {
        res.end(JSON.stringify(published));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return new StandInIssuer(server, base, privateKey, audience, published);
  }

  /** A signed access token for `subject`. */
  async mint(subject: string, options: MintOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000) - (options.issuedAgo ?? 0);
    const jwt = new SignJWT({ email: `${subject}@example.test`, ...options.claims })
      .setProtectedHeader({ alg: 'RS256', kid: this.kid, typ: 'at+jwt' })
      .setSubject(subject)
      .setIssuer(options.issuer ?? this.url)
      .setAudience(options.audience ?? this.defaultAudience)
      .setIssuedAt(now);
    if (!options.withoutExpiry) jwt.setExpirationTime(options.expiresIn ?? now + 600);
    return jwt.sign(this.privateKey);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
