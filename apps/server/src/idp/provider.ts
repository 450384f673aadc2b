import type { EventEmitter } from 'node:events';
import { parseAcceptLanguage, pickLanguage } from '@hearth/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import type {
  Configuration,
  KoaContextWithOIDC,
  errors as OidcErrors,
  default as Provider,
  ResourceServer,
} from 'oidc-provider';
import { type AppConfig, OIDC_SCOPE } from '../config.js';
import type { Db } from '../db/create-db.js';
import { scriptHashSource } from '../lib/csp.js';
import { type AccountsRepository, claimsOf } from './accounts.js';
import { kyselyAdapterFactory, type PayloadPruner } from './adapter.js';
import { loadOidcProvider } from './load-oidc-provider.js';
import {
  AUTO_SIGN_OUT_SCRIPT,
  errorPage,
  type PageLocale,
  pageLocale,
  signedOutPage,
  signingOutPage,
  signOutPage,
} from './pages.js';
import type { IdpSecrets } from './secrets.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Token and session lifetimes, in seconds. */
export const TTL = {
  /**
   * Short, because an access token cannot be recalled: after sign-out it keeps working until it expires.
   * The web app renews it silently with its refresh token, which sign-out does revoke.
   */
  AccessToken: 5 * MINUTE,
  AuthorizationCode: MINUTE,
  IdToken: HOUR,
  Interaction: HOUR,
  /** Rotated on every use; also ends with the provider session it came from (see issueRefreshToken). */
  RefreshToken: 30 * DAY,
  /** How long a browser stays signed in after signing in with a password. */
  Session: 30 * DAY,
  /** Outlives the session and refresh tokens it backs. */
  Grant: 365 * DAY,
};

export interface ProviderDeps {
  config: AppConfig;
  db: Db;
  secrets: IdpSecrets;
  accounts: AccountsRepository;
  pruner: PayloadPruner;
  log: FastifyBaseLogger;
}

/** The path part of the issuer (`/oidc`, or `/prefix/oidc` behind a proxy that strips a prefix). */
export function issuerPath(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

function describeError(out: { error: string; error_description?: string }, { t }: PageLocale) {
  if (out.error === 'server_error') {
    return { message: t('idp:errors.serverError'), code: out.error };
  }
  if (out.error === 'invalid_request' && /interaction|session/i.test(out.error_description ?? '')) {
    return { message: t('idp:errors.expired') };
  }
  return { message: t('idp:errors.badRequest'), code: out.error };
}

/** Renders oidc-provider's error responses as a Hearth page, without internals. */
export function errorHtml(
  out: { error: string; error_description?: string },
  homeHref: string,
  loc: PageLocale = pageLocale(),
): string {
  return errorPage(
    { title: loc.t('idp:errors.somethingWentWrong'), homeHref, ...describeError(out, loc) },
    loc,
  );
}

/** The page language for oidc-provider's own pages: the browser's Accept-Language. */
function koaLocale(ctx: KoaContextWithOIDC): PageLocale {
  return pageLocale(pickLanguage(parseAcceptLanguage(ctx.get('accept-language'))));
}

export async function createProvider(deps: ProviderDeps): Promise<Provider> {
  const { default: ProviderClass, errors } = await loadOidcProvider();
  const { config, db, secrets, accounts, pruner, log } = deps;
  const { issuer, audience, clientId } = config.oidc;
  const home = `${config.publicUrl}/`;
  const publicOrigin = new URL(config.publicUrl).origin;
  const base = issuerPath(issuer);

  const resourceServer: ResourceServer = {
    scope: OIDC_SCOPE,
    audience,
    accessTokenTTL: TTL.AccessToken,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'RS256' } },
  };

  const configuration: Configuration = {
    adapter: kyselyAdapterFactory(db, pruner),
    clients: [
      {
        client_id: clientId,
        client_name: 'Hearth',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [home],
        post_logout_redirect_uris: [home],
      },
    ],
    jwks: { keys: secrets.signingKeys },
    cookies: {
      keys: secrets.cookieKeys,
      names: {
        session: 'hearth_idp_session',
        interaction: 'hearth_idp_interaction',
        resume: 'hearth_idp_resume',
      },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    // The web app reads names and email from the ID token (its access token is for the API, not userinfo).
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(sub);
      if (!account) return undefined;
      const claims = claimsOf(account);
      return { accountId: account.account_id, claims: () => claims };
    },
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId || !token.scope?.split(' ').includes('email'))
        return undefined;
      const account = await accounts.findById(token.accountId);
      return account ? { email: account.email } : undefined;
    },
    pkce: { required: () => true },
    // OIDC drops `offline_access` unless the request says prompt=consent, which browser libraries do not
    // send: Hearth's own client gets refresh tokens anyway. They live as long as the provider session
    // (TTL.Session), so signing out revokes them.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    interactions: {
      url: (_ctx, interaction) => `${base}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = 'html';
          // The app asked with the signed-in person's own ID token: sign out in one step. Anyone else
          // (a bare link, another person's token) is asked first.
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          if (hint?.payload?.sub !== undefined && hint.payload.sub === ctx.oidc.session?.accountId) {
            allowInlineScript(ctx, AUTO_SIGN_OUT_SCRIPT);
            ctx.body = signingOutPage(form, koaLocale(ctx));
          } else {
            ctx.body = signOutPage(form, home, koaLocale(ctx));
          }
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = signedOutPage(home, koaLocale(ctx));
        },
      },
      resourceIndicators: {
        enabled: true,
        // A browser that sends no `resource` still gets a JWT access token for the API.
        defaultResource: (_ctx, _client, oneOf) =>
          oneOf ? (oneOf.includes(audience) ? audience : oneOf) : audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== audience) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
    },
    ttl: { ...TTL },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorHtml(out, home, koaLocale(ctx));
    },
  };

  const provider = new ProviderClass(issuer, configuration);
  // Behind a TLS-offloading proxy, X-Forwarded-Proto/-Host give the right URLs and secure cookies. Koa
  // believes any hop, so the mount hands it only what Fastify worked out from the trusted hops.
  provider.proxy = config.trustProxy !== false;

  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => {
    log.error({ err }, 'identity provider error');
  });
  const refused = (_ctx: KoaContextWithOIDC, err: OidcErrors.OIDCProviderError) => {
    log.info({ error: err.error, description: err.error_description }, 'identity provider refused a request');
  };
  provider.on('authorization.error', refused);
  provider.on('grant.error', refused);
  provider.on('end_session.error', refused);
  provider.on('userinfo.error', refused);
  // Koa (which oidc-provider extends) prints unhandled errors to stderr unless someone listens.
  (provider as unknown as EventEmitter).on('error', (err: Error) => {
    log.error({ err }, 'identity provider request failed');
  });

  return provider;
}

/** Adds one inline script's hash to this answer's Content-Security-Policy, which otherwise allows none. */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string) {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const hash = scriptHashSource(script);
  ctx.set(
    'content-security-policy',
    csp
      .split(';')
      .map((directive) =>
        /^\s*script-src\s/.test(directive) ? `${directive.trim()} ${hash}` : directive.trim(),
      )
      .join(';'),
  );
}
