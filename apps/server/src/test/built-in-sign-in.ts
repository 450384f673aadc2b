import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { type App, type BuildOptions, buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import type { Db } from '../db/create-db.js';
import { createTestDb, type TestDb } from './test-db.js';

/*
 * Drives the built-in identity provider the way a browser with oidc-client-ts does: over real HTTP
 * against a LISTENING server, authorization code + PKCE through the real sign-in and sign-up pages,
 * with a cookie jar and redirects followed by hand. For API tests that need real built-in tokens.
 */

export interface BuiltInTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface NewBuiltInAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface FlowOptions {
  clientId?: string;
  scope?: string;
  /** Extra authorization request parameters (e.g. login_hint, prompt). */
  extraParams?: Record<string, string>;
}

/** A page the flow landed on. */
export interface Page {
  url: string;
  status: number;
  html: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
}

let counter = 0;

/** A unique, valid account for sign-up. */
export function newBuiltInAccount(overrides: Partial<NewBuiltInAccount> = {}): NewBuiltInAccount {
  counter += 1;
  return {
    firstName: 'Robin',
    lastName: 'Hale',
    email: `robin.${Date.now().toString(36)}.${counter}.${randomBytes(3).toString('hex')}@example.test`,
    password: 'correct horse battery',
    ...overrides,
  };
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m]!);

/** Reads the text of an element's alert (role="alert") on a page, or null. */
export function alertText(html: string): string | null {
  const match = /<div class="alert"[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  if (!match) return null;
  return decode(
    match[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires: number | null;
}

/** Just enough of a browser's cookie store for one host. */
export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const cookie: StoredCookie = {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        path: '/',
        expires: null,
      };
      for (const attribute of attributes) {
        const [key = '', value = ''] = attribute.split('=');
        const k = key.toLowerCase();
        if (k === 'path' && value) cookie.path = value;
        if (k === 'expires' && value)
          cookie.expires = Date.parse(attribute.slice(attribute.indexOf('=') + 1));
        if (k === 'max-age') cookie.expires = Date.now() + Number(value) * 1000;
      }
      const key = `${cookie.name};${cookie.path}`;
      if (cookie.expires !== null && cookie.expires <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, cookie);
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    const now = Date.now();
    return [...this.cookies.values()]
      .filter((c) => (c.expires === null || c.expires > now) && pathMatches(path, c.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath || cookiePath === '/') return true;
  return requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** One browser session with the built-in provider: a cookie jar plus the pending authorization request. */
export class BuiltInFlow {
  readonly jar = new CookieJar();
  page: Page = { url: '', status: 0, html: '' };
  /** The redirect back to the web app, once the provider has sent one. */
  callback: URL | null = null;
  private verifier = '';
  private state = '';

  private constructor(
    readonly baseUrl: string,
    readonly discovery: Discovery,
    readonly clientId: string,
    readonly redirectUri: string,
  ) {}

  /** Opens the authorization endpoint like oidc-client-ts' signinRedirect and follows to the first page. */
  static async start(baseUrl: string, options: FlowOptions = {}): Promise<BuiltInFlow> {
    const flow = await BuiltInFlow.create(baseUrl, options.clientId);
    await flow.authorize(options);
    return flow;
  }

  /** A session with no request pending yet (e.g. to sign in again later with the same cookies). */
  static async create(baseUrl: string, clientId = 'hearth-web'): Promise<BuiltInFlow> {
    const res = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    return new BuiltInFlow(baseUrl, (await res.json()) as Discovery, clientId, `${baseUrl}/`);
  }

  async authorize(options: FlowOptions = {}): Promise<Page> {
    this.verifier = randomBytes(32).toString('base64url');
    this.state = randomBytes(12).toString('base64url');
    this.callback = null;
    const url = new URL(this.discovery.authorization_endpoint);
    const params: Record<string, string> = {
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: options.scope ?? 'openid profile email offline_access',
      state: this.state,
      nonce: randomBytes(12).toString('base64url'),
      code_challenge: createHash('sha256').update(this.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...options.extraParams,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return this.navigate(url.href);
  }

  /** A GET with this session's cookies, following redirects (stops at the web app's redirect URI). */
  async navigate(url: string): Promise<Page> {
    return this.follow(await this.request(url));
  }

  /** Follows the page's link with exactly this text. */
  async clickLink(text: string): Promise<Page> {
    const links = [...this.page.html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)];
    const link = links.find((m) => decode(m[2]!.trim()) === text);
    if (!link) throw new Error(`no link "${text}" on ${this.page.url}`);
    return this.navigate(new URL(decode(link[1]!), this.page.url).href);
  }

  /**
   * Fills the page's form by its labels' texts and presses the submit button with `button` text;
   * hidden inputs are sent as they are.
   */
  async submit(fields: Record<string, string>, button: string): Promise<Page> {
    const html = this.page.html;
    const form = /<form [^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form on ${this.page.url}`);
    const buttonRe = new RegExp(
      `<button[^>]*type="submit"[^>]*>\\s*${button.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*</button>`,
    );
    if (!buttonRe.test(html)) throw new Error(`no "${button}" button on ${this.page.url}`);

    const body = new URLSearchParams();
    for (const hidden of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
      body.set(hidden[1]!, decode(hidden[2]!));
    }
    for (const [label, value] of Object.entries(fields)) {
      const labelMatch = new RegExp(`<label for="([^"]+)">${label}</label>`).exec(html);
      if (!labelMatch) throw new Error(`no field labelled "${label}" on ${this.page.url}`);
      const input = new RegExp(`<input id="${labelMatch[1]}" name="([^"]+)"`).exec(html);
      if (!input) throw new Error(`label "${label}" is not for an input`);
      body.set(input[1]!, value);
    }
    const named = new RegExp(
      `<button[^>]*name="([^"]+)" value="([^"]*)"[^>]*>\\s*${button}\\s*</button>`,
    ).exec(html);
    if (named) body.set(named[1]!, named[2]!);

    const action = new URL(decode(form[1]!), this.page.url).href;
    return this.follow(
      await this.request(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      }),
    );
  }

  signIn(email: string, password: string): Promise<Page> {
    return this.submit({ Email: email, Password: password }, 'Sign in');
  }

  async signUp(account: NewBuiltInAccount): Promise<Page> {
    if (!this.page.html.includes('>Create account</button>')) await this.clickLink('Create an account');
    return this.submit(
      {
        'First name': account.firstName,
        'Last name': account.lastName,
        Email: account.email,
        Password: account.password,
      },
      'Create account',
    );
  }

  /** Exchanges the authorization code the provider sent back for tokens. */
  async tokens(): Promise<BuiltInTokens> {
    const callback = this.callback;
    if (!callback) throw new Error(`the flow has not come back to the app; it is at ${this.page.url}`);
    if (callback.searchParams.get('error')) {
      throw new Error(
        `authorization failed: ${callback.searchParams.get('error')} ${callback.searchParams.get('error_description') ?? ''}`,
      );
    }
    if (callback.searchParams.get('state') !== this.state) throw new Error('state did not round-trip');
    if (callback.searchParams.get('iss') !== this.discovery.issuer)
      throw new Error('iss did not match the issuer');
    const code = callback.searchParams.get('code');
    if (!code) throw new Error('no code in the callback');
    return tokenRequest(this.discovery.token_endpoint, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri,
      client_id: this.clientId,
      code_verifier: this.verifier,
    });
  }

  /** Starts RP-initiated sign-out like oidc-client-ts' signoutRedirect; lands on the sign-out page. */
  signOutPage(idToken: string): Promise<Page> {
    const url = new URL(this.discovery.end_session_endpoint);
    url.searchParams.set('id_token_hint', idToken);
    url.searchParams.set('post_logout_redirect_uri', this.redirectUri);
    return this.navigate(url.href);
  }

  private async request(url: string, init: RequestInit = {}): Promise<Response> {
    const cookie = this.jar.header(url);
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.jar.store(response);
    return response;
  }

  private async follow(first: Response): Promise<Page> {
    let response = first;
    let url = response.url;
    for (let hops = 0; REDIRECT.has(response.status); hops += 1) {
      if (hops > 20) throw new Error('too many redirects');
      const location = response.headers.get('location');
      if (!location) throw new Error(`redirect without a location from ${url}`);
      await response.body?.cancel();
      const next = new URL(location, url);
      if (
        next.href.split('?')[0] === this.redirectUri &&
        (next.searchParams.has('code') || next.searchParams.has('error'))
      ) {
        this.callback = next;
        this.page = { url: next.href, status: response.status, html: '' };
        return this.page;
      }
      if (next.href === this.redirectUri || next.href.startsWith(`${this.redirectUri}?`)) {
        // Back at the web app without a code (e.g. after sign-out): the flow ends here.
        this.page = { url: next.href, status: response.status, html: '' };
        return this.page;
      }
      url = next.href;
      response = await this.request(url);
    }
    this.page = { url: response.url || url, status: response.status, html: await response.text() };
    return this.page;
  }
}

async function tokenRequest(endpoint: string, params: Record<string, string>): Promise<BuiltInTokens> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await res.json()) as BuiltInTokens & { error?: string; error_description?: string };
  if (!res.ok)
    throw new Error(`token endpoint answered ${res.status}: ${body.error} ${body.error_description ?? ''}`);
  return body;
}

function expectCallback(flow: BuiltInFlow): void {
  if (!flow.callback) {
    const problem = alertText(flow.page.html) ?? `ended at ${flow.page.url} (${flow.page.status})`;
    throw new Error(`sign-in through the built-in provider failed: ${problem}`);
  }
}

/** Signs a new account up through the real pages; returns its tokens. */
export async function signUpWithBuiltIn(
  baseUrl: string,
  account: NewBuiltInAccount = newBuiltInAccount(),
  options: FlowOptions = {},
): Promise<BuiltInTokens> {
  const flow = await BuiltInFlow.start(baseUrl, options);
  await flow.signUp(account);
  expectCallback(flow);
  return flow.tokens();
}

/** Signs an existing account in through the real pages; returns its tokens. */
export async function signInWithBuiltIn(
  baseUrl: string,
  credentials: { email: string; password: string },
  options: FlowOptions = {},
): Promise<BuiltInTokens> {
  const flow = await BuiltInFlow.start(baseUrl, options);
  await flow.signIn(credentials.email, credentials.password);
  expectCallback(flow);
  return flow.tokens();
}

/** The refresh_token grant, as the browser does it to stay signed in. */
export async function refreshWithBuiltIn(
  baseUrl: string,
  refreshToken: string,
  clientId = 'hearth-web',
): Promise<BuiltInTokens> {
  return tokenRequest(`${baseUrl}/oidc/token`, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
  });
}

/** A free TCP port: bind port 0, read it, close (the server then listens on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface BuiltInServer {
  app: App;
  config: AppConfig;
  /** http://127.0.0.1:<port>, also the PUBLIC_URL (so the issuer is `${baseUrl}/oidc`). */
  baseUrl: string;
  /** The fresh database made for this server, when none was given. */
  testDb: TestDb | null;
  /** Stops the server (and drops the fresh database, if it made one). */
  close(): Promise<void>;
}

export interface BuiltInServerOptions {
  /** Listen here (to restart on the same PUBLIC_URL); default: a free port. */
  port?: number;
  /** Use this database instead of a fresh test database (e.g. a SQLite file, to restart on it). */
  database?: AppConfig['database'];
  db?: Db;
  /** More configuration variables (e.g. OIDC_ISSUER to trust an external issuer instead). */
  env?: Record<string, string>;
  /** Further build options (e.g. a limit store to look inside). */
  build?: Omit<BuildOptions, 'config' | 'db'>;
}

/** A real Hearth server with the built-in provider, listening on 127.0.0.1 with PUBLIC_URL to match. */
export async function startBuiltInServer(options: BuiltInServerOptions = {}): Promise<BuiltInServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const testDb = options.database ? null : await createTestDb();
  const database = options.database ?? testDb!.database;
  const db = options.db ?? testDb?.db;
  const config: AppConfig = {
    // Trusting the loopback proxy lets tests stand for different addresses with X-Forwarded-For.
    ...loadConfig({
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '127.0.0.1',
      ...options.env,
    }),
    database,
  };
  const app = await buildApp({ config, ...(db ? { db } : {}), logger: false, ...options.build });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    config,
    baseUrl,
    testDb,
    async close() {
      await app.close();
      await testDb?.drop();
    },
  };
}
