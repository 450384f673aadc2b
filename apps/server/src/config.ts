import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';

export type DatabaseEngine = 'sqlite' | 'postgres';

/** What the browser asks the issuer for; the built-in provider offers exactly these. */
export const OIDC_SCOPE = 'openid profile email offline_access';

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  database: { engine: DatabaseEngine; url: string; sqlitePath: string | null };
  oidc: {
    /** The issuer access tokens must come from. */
    issuer: string;
    /** True when the issuer is the provider mounted on this server at /oidc. */
    builtIn: boolean;
    clientId: string;
    audience: string;
  };
  logLevel: string;
  /**
   * Which X-Forwarded-* hops to believe: false (none), the number of proxies in front of Hearth, or the
   * proxies' addresses and CIDR ranges. Never "all": the left-most entries are written by the client.
   */
  trustProxy: TrustProxy;
  /** The built-in provider's per-address limits on sign-in and sign-up attempts. */
  idpRateLimit: boolean;
  /** Per-user limits on API writes, house-code guesses and open live streams. */
  apiRateLimit: boolean;
  /** Where the built web app lives; null when not served (API-only tests). */
  webDist: string | null;
  notifications: NotificationsConfig;
  /** Every request the server sends outside (push, calendars) goes through one guard. */
  outbound: {
    /** Tests only (OUTBOUND_ALLOW_LOOPBACK, or its alias PUSH_ALLOW_INSECURE): also reach 127.0.0.1/::1. */
    allowLoopback: boolean;
  };
  /** The Bearer token `/metrics` asks for; null: no metrics (the route answers 404). */
  metricsToken: string | null;
  /** On SIGTERM, how long to keep serving with /readyz at 503 before closing (load balancers notice). */
  shutdownDelayMs: number;
}

export interface NotificationsConfig {
  /** smtp:// or smtps:// URL of the mail server; null: no email (the email choice is hidden). */
  smtpUrl: string | null;
  /** The From of notification emails. */
  mailFrom: string;
  /** VAPID keys (base64url); null: generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** The VAPID contact (mailto: or https:) push services may reach the operator at. */
  vapidSubject: string;
  /** Whether this instance runs the delivery scheduler (several instances may; each item goes once). */
  scheduler: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export type TrustProxy = false | number | string[];

/** proxy-addr's names for common private ranges, accepted as well as addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false/0, a hop count, or a comma list of proxy addresses or ranges. */
function parseTrustProxy(text: string | undefined, problems: string[]): TrustProxy {
  const value = text?.trim() ?? '';
  const lower = value.toLowerCase();
  if (value === '' || lower === 'false' || value === '0') return false;
  if (lower === 'true') {
    problems.push(
      'TRUST_PROXY=true is refused: it believes every X-Forwarded-For entry, and the left-most ones are written ' +
        'by the client, who could then pick any address (and slip past the sign-in limits). Set the number of ' +
        'proxies in front of Hearth (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8).',
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) problems.push(`TRUST_PROXY must be a number of proxies from 0 to 10, got "${value}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    problems.push(
      `TRUST_PROXY must be a number of proxies (e.g. 1) or a comma list of proxy addresses or CIDR ranges ` +
        `(e.g. 127.0.0.1,10.0.0.0/8); "${bad.join('", "')}" is neither`,
    );
    return false;
  }
  return entries;
}

/** Checks an http(s) URL; `exact` keeps it as written (an issuer must match tokens' `iss` to the letter). */
function parseUrl(name: string, value: string, problems: string[], exact = false): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      problems.push(`${name} must be an http(s) URL, got "${value}"`);
      return null;
    }
    return exact ? value : url.href.replace(/\/+$/, '');
  } catch {
    problems.push(`${name} must be a URL, got "${value}"`);
    return null;
  }
}

/**
 * Reads `.env` from the working directory into the environment when the file exists (variables that are
 * already set win), so an operator can keep the settings of `.env.example` in a file.
 */
export function loadDotEnv(path = '.env'): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}

/**
 * The settings that hold secrets. Each may instead be given as `<NAME>_FILE`, the path of a file holding
 * the value (Docker and Compose secrets mount as `/run/secrets/<name>`); a new secret joins by its name.
 */
export const SECRET_SETTINGS = ['DATABASE_URL', 'SMTP_URL', 'VAPID_PRIVATE_KEY', 'METRICS_TOKEN'] as const;

/**
 * The environment with every `<SECRET>_FILE` replaced by the file's content (less its trailing line
 * break). Setting both forms is refused: which one wins would be a guess.
 */
function withSecretFiles(env: Env, problems: string[]): Env {
  const out: Env = { ...env };
  for (const name of SECRET_SETTINGS) {
    const fileName = `${name}_FILE`;
    const path = env[fileName];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') {
      problems.push(`${name} and ${fileName} are both set: keep one`);
      continue;
    }
    try {
      out[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${fileName} names a file that cannot be read (${reason}): ${path}`);
    }
  }
  return out;
}

/** Reads and checks the environment once, at start; every problem is reported together. */
export function loadConfig(given: Env = process.env, defaults: { webDist?: string | null } = {}): AppConfig {
  const problems: string[] = [];
  const env = withSecretFiles(given, problems);

  const portText = env.PORT ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535, got "${portText}"`);
  }
  const host = env.HOST ?? '127.0.0.1';
  if (host.trim() === '') problems.push('HOST must not be empty');

  const publicUrl = parseUrl('PUBLIC_URL', env.PUBLIC_URL ?? `http://localhost:${portText}`, problems) ?? '';

  const databaseUrl = env.DATABASE_URL ?? 'file:./data/hearth.db';
  let engine: DatabaseEngine = 'sqlite';
  let sqlitePath: string | null = null;
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice('file:'.length);
    if (path === '') problems.push('DATABASE_URL "file:" needs a path, e.g. file:./data/hearth.db');
    sqlitePath = path === ':memory:' ? ':memory:' : isAbsolute(path) ? path : resolve(process.cwd(), path);
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    engine = 'postgres';
  } else {
    problems.push(
      `DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL), got "${databaseUrl}"`,
    );
  }

  const external = env.OIDC_ISSUER?.trim();
  const issuer = external
    ? (parseUrl('OIDC_ISSUER', external, problems, true) ?? '')
    : publicUrl && `${publicUrl}/oidc`;
  const audienceText = env.OIDC_AUDIENCE?.trim() || (publicUrl && `${publicUrl}/api`);
  const clientId = env.OIDC_CLIENT_ID?.trim() || 'hearth-web';

  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(
      `LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "${logLevel}"`,
    );
  }

  const flag = (name: string, fallback: boolean, yes: string[], no: string[]) => {
    const value = env[name]?.trim().toLowerCase();
    if (value === undefined || value === '') return fallback;
    if (yes.includes(value)) return true;
    if (no.includes(value)) return false;
    problems.push(`${name} must be one of ${[...yes, ...no].join(', ')}; got "${env[name]}"`);
    return fallback;
  };
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const idpRateLimit = flag('IDP_RATE_LIMIT', true, ['on'], ['off']);
  const apiRateLimit = flag('API_RATE_LIMIT', true, ['on'], ['off']);
  const notifications = parseNotifications(env, publicUrl, problems, flag);
  // PUSH_ALLOW_INSECURE is the setting's older name, kept so existing test setups go on working.
  const outboundLoopback = flag('OUTBOUND_ALLOW_LOOPBACK', false, ['true'], ['false']);
  const pushInsecure = flag('PUSH_ALLOW_INSECURE', false, ['true'], ['false']);
  const allowLoopback = outboundLoopback || pushInsecure;
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)');
  }

  const delayText = env.SHUTDOWN_DELAY?.trim() || '0';
  const shutdownDelay = Number(delayText);
  if (!/^\d+(\.\d+)?$/.test(delayText) || shutdownDelay > 5) {
    problems.push(`SHUTDOWN_DELAY must be a number of seconds from 0 to 5, got "${env.SHUTDOWN_DELAY}"`);
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    publicUrl,
    database: { engine, url: databaseUrl, sqlitePath },
    oidc: { issuer, builtIn: !external, clientId, audience: audienceText },
    logLevel,
    trustProxy,
    idpRateLimit,
    apiRateLimit,
    webDist: defaults.webDist ?? null,
    notifications,
    outbound: { allowLoopback },
    metricsToken,
    shutdownDelayMs: Math.round(shutdownDelay * 1000),
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** SMTP_URL, MAIL_FROM, VAPID_*, NOTIFICATIONS_SCHEDULER. */
function parseNotifications(
  env: Env,
  publicUrl: string,
  problems: string[],
  flag: (name: string, fallback: boolean, yes: string[], no: string[]) => boolean,
): NotificationsConfig {
  const smtpText = env.SMTP_URL?.trim() || null;
  let smtpUrl: string | null = null;
  if (smtpText) {
    try {
      const url = new URL(smtpText);
      if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('protocol');
      smtpUrl = smtpText;
    } catch {
      // The URL may hold a password: never echo it.
      problems.push(
        'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587',
      );
    }
  }
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  const mailFrom = env.MAIL_FROM?.trim() || `Hearth <hearth@${host}>`;
  if (!/^[^\r\n]*@[^\r\n]*$/.test(mailFrom)) {
    problems.push(`MAIL_FROM must be an address such as "Hearth <hearth@example.org>", got "${mailFrom}"`);
  }
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  let vapid: NotificationsConfig['vapid'] = null;
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) {
      problems.push(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to generate them',
      );
    } else if (
      !BASE64URL.test(publicKey) ||
      Buffer.from(publicKey, 'base64url').length !== 65 ||
      !BASE64URL.test(privateKey) ||
      Buffer.from(privateKey, 'base64url').length !== 32
    ) {
      problems.push(
        'VAPID_PUBLIC_KEY must be 65 bytes and VAPID_PRIVATE_KEY 32 bytes, base64url (npx web-push generate-vapid-keys)',
      );
    } else {
      vapid = { publicKey, privateKey };
    }
  }
  const vapidSubject =
    env.VAPID_SUBJECT?.trim() || (publicUrl.startsWith('https:') ? publicUrl : `mailto:hearth@${host}`);
  if (!/^(mailto:|https:)/.test(vapidSubject)) {
    problems.push(`VAPID_SUBJECT must be a mailto: or https: URL, got "${vapidSubject}"`);
  }
  return {
    smtpUrl,
    mailFrom,
    vapid,
    vapidSubject,
    scheduler: flag('NOTIFICATIONS_SCHEDULER', true, ['on'], ['off']),
  };
}
