import { parse as parseQuery } from 'node:querystring';
import { parseAcceptLanguage, pickLanguage } from '@hearth/i18n/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults, default as Provider } from 'oidc-provider';
import { hasUnstorableChars } from '../lib/control-chars.js';
import { type LimitStore, limitKey, retryAfterSeconds } from '../lib/limits.js';
import { type AccountsRepository, EmailTakenError, emailKey } from './accounts.js';
import { errorPage, type FormError, type PageLocale, pageLocale, signInPage, signUpPage } from './pages.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './passwords.js';
import type { IdpLimits } from './rate-limit.js';

export interface InteractionDeps {
  provider: Provider;
  accounts: AccountsRepository;
  limits: IdpLimits;
  /** Where attempt counters live (the database on PostgreSQL, so instances share them). */
  limitStore: LimitStore;
  /** The issuer's path, e.g. `/oidc`: pages link and post to paths under it. */
  base: string;
  /** Where "Back to Hearth" goes. */
  home: string;
  clientId: string;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Form = Record<string, string | string[] | undefined>;

const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;
// Deliberately loose: one @, something on each side, a dot in the domain, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An interaction that cannot go on (expired, or another one's cookie): say so on a page. */
class InteractionGone extends Error {}

function text(form: Form, name: string): string {
  const value = form[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-type', 'text/html; charset=utf-8')
    .send(page);
}

/**
 * The language of the sign-in pages: the app's `ui_locales` (the language it is shown in), else the
 * browser's Accept-Language; English when neither is one Hearth speaks.
 */
export function requestLocale(request: FastifyRequest, uiLocales?: unknown): PageLocale {
  const asked = typeof uiLocales === 'string' ? uiLocales.split(/\s+/).filter(Boolean) : [];
  return pageLocale(pickLanguage([...asked, ...parseAcceptLanguage(request.headers['accept-language'])]));
}

function validateEmail(email: string, errors: FormError[], { t }: PageLocale) {
  const label = t('idp:fields.email');
  if (email === '') errors.push({ field: 'email', message: t('idp:errors.required', { label }) });
  else if (hasUnstorableChars(email))
    errors.push({ field: 'email', message: t('idp:errors.controlChars', { label }) });
  else if (email.length > EMAIL_MAX_LENGTH) {
    errors.push({ field: 'email', message: t('idp:errors.tooLong', { label, max: EMAIL_MAX_LENGTH }) });
  } else if (!EMAIL_SHAPE.test(email)) {
    errors.push({ field: 'email', message: t('idp:errors.invalidEmail') });
  }
}

function validateName(value: string, field: string, label: string, errors: FormError[], { t }: PageLocale) {
  if (value === '') errors.push({ field, message: t('idp:errors.required', { label }) });
  else if (hasUnstorableChars(value))
    errors.push({ field, message: t('idp:errors.controlChars', { label }) });
  else if (value.length > NAME_MAX_LENGTH) {
    errors.push({ field, message: t('idp:errors.tooLong', { label, max: NAME_MAX_LENGTH }) });
  }
}

function validateNewPassword(password: string, errors: FormError[], { t }: PageLocale) {
  const length = [...password].length;
  if (length === 0)
    errors.push({
      field: 'password',
      message: t('idp:errors.required', { label: t('idp:fields.password') }),
    });
  else if (length < PASSWORD_MIN_LENGTH) {
    errors.push({
      field: 'password',
      message: t('idp:errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
    });
  } else if (length > PASSWORD_MAX_LENGTH) {
    errors.push({
      field: 'password',
      message: t('idp:errors.passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
    });
  }
}

/**
 * The sign-in and sign-up pages oidc-provider sends people to (`interactions.url`), and the automatic
 * consent for Hearth's own web app. Registered under the issuer's path (e.g. /oidc/interaction/:uid).
 */
export async function interactionRoutes(app: FastifyInstance, deps: InteractionDeps) {
  const { provider, accounts, limits, base, home, clientId, limitStore } = deps;

  const paths = (uid: string) => ({
    signIn: `${base}/interaction/${encodeURIComponent(uid)}`,
    signInAction: `${base}/interaction/${encodeURIComponent(uid)}/login`,
    signUp: `${base}/interaction/${encodeURIComponent(uid)}/signup`,
  });

  // Only these routes read form bodies; every other /oidc route leaves the stream to oidc-provider.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, parseQuery(String(body))),
  );

  async function load(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch (err) {
      if (err instanceof Error && err.name === 'SessionNotFound') throw new InteractionGone();
      throw err;
    }
    if (interaction.uid !== request.params.uid || interaction.params.client_id !== clientId) {
      throw new InteractionGone();
    }
    return interaction;
  }

  /** Records the result and sends the browser back to oidc-provider to carry on. */
  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result);
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** Hearth's own web app needs no consent screen: grant what it asked for, including the API. */
  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const accountId = interaction.session?.accountId;
    if (!accountId) throw new InteractionGone();
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  /** Runs a page handler; failures become a Hearth page (never the API's JSON, never internals). */
  async function guarded(request: FastifyRequest, reply: FastifyReply, work: () => Promise<unknown>) {
    try {
      return await work();
    } catch (err) {
      const loc = requestLocale(request);
      const { t } = loc;
      if (!(err instanceof InteractionGone)) {
        request.log.error({ err }, 'sign-in page failed');
        return sendPage(
          reply,
          500,
          errorPage(
            {
              title: t('idp:errors.somethingWentWrong'),
              message: t('idp:errors.serverError'),
              homeHref: home,
            },
            loc,
          ),
        );
      }
      return sendPage(
        reply,
        400,
        errorPage(
          { title: t('idp:errors.expiredTitle'), message: t('idp:errors.expired'), homeHref: home },
          loc,
        ),
      );
    }
  }

  const signInView = (uid: string, email: string, errors: FormError[] = []) => ({
    action: paths(uid).signInAction,
    signUpHref: paths(uid).signUp,
    email,
    errors,
  });

  const signUpView = (uid: string, values: Record<string, string> = {}, errors: FormError[] = []) => ({
    action: paths(uid).signUp,
    signInHref: paths(uid).signIn,
    values,
    errors,
  });

  app.get<{ Params: { uid: string } }>('/interaction/:uid', { schema: { hide: true } }, (request, reply) =>
    guarded(request, reply, async () => {
      const interaction = await load(request, reply);
      if (interaction.prompt.name === 'consent') return consent(request, reply, interaction);
      if (interaction.prompt.name !== 'login') throw new InteractionGone();
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
      const loc = requestLocale(request, interaction.params.ui_locales);
      return sendPage(reply, 200, signInPage(signInView(interaction.uid, hint), loc));
    }),
  );

  app.get<{ Params: { uid: string } }>(
    '/interaction/:uid/signup',
    { schema: { hide: true } },
    (request, reply) =>
      guarded(request, reply, async () => {
        const interaction = await load(request, reply);
        if (interaction.prompt.name !== 'login') return reply.redirect(paths(interaction.uid).signIn, 303);
        const loc = requestLocale(request, interaction.params.ui_locales);
        return sendPage(reply, 200, signUpPage(signUpView(interaction.uid), loc));
      }),
  );

  app.post<{ Params: { uid: string }; Body: Form | undefined }>(
    '/interaction/:uid/login',
    { schema: { hide: true } },
    (request, reply) =>
      guarded(request, reply, async () => {
        const interaction = await load(request, reply);
        const loc = requestLocale(request, interaction.params.ui_locales);
        const { t } = loc;
        const form = request.body ?? {};
        const email = text(form, 'email').trim();
        const password = text(form, 'password');

        // The address first: once it is over its limit, nothing more is counted (or stored) for it.
        const ipHit = await limitStore.hit(limitKey('sign-in-ip', request.ip), limits.signInPerIp);
        // The email part is digested, so a 15 KB email costs the store no more than a short one.
        const accountKey = limitKey('sign-in-account', request.ip, emailKey(email));
        const accountHit = ipHit.allowed ? await limitStore.hit(accountKey, limits.signInPerAccount) : null;
        if (!ipHit.allowed || !accountHit?.allowed) {
          reply.header(
            'retry-after',
            String(retryAfterSeconds(accountHit && ipHit.allowed ? accountHit : ipHit)),
          );
          return sendPage(
            reply,
            429,
            signInPage(
              signInView(interaction.uid, email, [{ message: t('idp:errors.tooManySignIns') }]),
              loc,
            ),
          );
        }

        const errors: FormError[] = [];
        const emailLabel = t('idp:fields.email');
        if (email === '')
          errors.push({ field: 'email', message: t('idp:errors.required', { label: emailLabel }) });
        else if (hasUnstorableChars(email))
          errors.push({ field: 'email', message: t('idp:errors.controlChars', { label: emailLabel }) });
        if (password === '')
          errors.push({
            field: 'password',
            message: t('idp:errors.required', { label: t('idp:fields.password') }),
          });
        if (errors.length > 0)
          return sendPage(reply, 400, signInPage(signInView(interaction.uid, email, errors), loc));

        const account =
          email.length <= EMAIL_MAX_LENGTH && [...password].length <= PASSWORD_MAX_LENGTH
            ? await accounts.authenticate(email, password)
            : null;
        if (!account) {
          return sendPage(
            reply,
            400,
            signInPage(
              signInView(interaction.uid, email, [{ message: t('idp:errors.wrongCredentials') }]),
              loc,
            ),
          );
        }
        await limitStore.reset(accountKey);
        return finish(request, reply, { login: { accountId: account.account_id, remember: true } });
      }),
  );

  app.post<{ Params: { uid: string }; Body: Form | undefined }>(
    '/interaction/:uid/signup',
    { schema: { hide: true } },
    (request, reply) =>
      guarded(request, reply, async () => {
        const interaction = await load(request, reply);
        const loc = requestLocale(request, interaction.params.ui_locales);
        const { t } = loc;
        const form = request.body ?? {};
        const values = {
          firstName: text(form, 'first_name').trim(),
          lastName: text(form, 'last_name').trim(),
          email: text(form, 'email').trim(),
        };
        const password = text(form, 'password');

        const signUpHit = await limitStore.hit(limitKey('sign-up-ip', request.ip), limits.signUpPerIp);
        if (!signUpHit.allowed) {
          reply.header('retry-after', String(retryAfterSeconds(signUpHit)));
          return sendPage(
            reply,
            429,
            signUpPage(
              signUpView(interaction.uid, values, [{ message: t('idp:errors.tooManySignUps') }]),
              loc,
            ),
          );
        }

        const errors: FormError[] = [];
        validateName(values.firstName, 'first_name', t('idp:fields.firstName'), errors, loc);
        validateName(values.lastName, 'last_name', t('idp:fields.lastName'), errors, loc);
        validateEmail(values.email, errors, loc);
        validateNewPassword(password, errors, loc);
        if (errors.length > 0)
          return sendPage(reply, 400, signUpPage(signUpView(interaction.uid, values, errors), loc));

        try {
          const account = await accounts.create({
            email: values.email,
            password,
            givenName: values.firstName,
            familyName: values.lastName,
          });
          return await finish(request, reply, { login: { accountId: account.account_id, remember: true } });
        } catch (err) {
          if (!(err instanceof EmailTakenError)) throw err;
          const taken = [{ field: 'email', message: t('idp:errors.emailTaken') }];
          return sendPage(reply, 409, signUpPage(signUpView(interaction.uid, values, taken), loc));
        }
      }),
  );
}
