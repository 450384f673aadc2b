import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDotEnv, SECRET_SETTINGS } from './config.js';

describe('configuration', () => {
  it('has defaults that run the app alone: SQLite and the built-in provider', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      database: { engine: 'sqlite', url: 'file:./data/hearth.db' },
      oidc: {
        issuer: 'http://localhost:3000/oidc',
        builtIn: true,
        clientId: 'hearth-web',
        audience: 'http://localhost:3000/api',
      },
    });
    expect(c.database.sqlitePath).toMatch(/data\/hearth\.db$/);
  });

  it('honours every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://home.example.org/',
      DATABASE_URL: 'postgres://u:p@db:5432/hearth',
      OIDC_ISSUER: 'https://tenant.auth0.com/',
      OIDC_CLIENT_ID: 'abc',
      OIDC_AUDIENCE: 'https://hearth-api',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://home.example.org',
      database: { engine: 'postgres', sqlitePath: null },
      oidc: {
        issuer: 'https://tenant.auth0.com/',
        builtIn: false,
        clientId: 'abc',
        audience: 'https://hearth-api',
      },
    });
  });

  it('reads the proxy and rate-limit switches, safe by default', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: false, idpRateLimit: true });
    expect(loadConfig({ TRUST_PROXY: '1', IDP_RATE_LIMIT: 'off' })).toMatchObject({
      trustProxy: 1,
      idpRateLimit: false,
    });
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ IDP_RATE_LIMIT: 'maybe' })).toThrow(/IDP_RATE_LIMIT/);
  });

  it('reports every bad value at once, naming each variable', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        DATABASE_URL: 'mysql://x',
        OIDC_ISSUER: 'ftp://x',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      for (const name of ['PORT', 'PUBLIC_URL', 'DATABASE_URL', 'OIDC_ISSUER'])
        expect(message).toContain(name);
    }
  });
});

describe('.env', () => {
  afterEach(() => {
    delete process.env.HEARTH_DOTENV_A;
    delete process.env.HEARTH_DOTENV_B;
  });

  it('is read when present, without overriding what the environment already sets', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hearth-env-')), '.env');
    writeFileSync(file, 'HEARTH_DOTENV_A=from-file\nHEARTH_DOTENV_B=from-file\n');
    process.env.HEARTH_DOTENV_B = 'from-environment';
    expect(loadDotEnv(file)).toBe(true);
    expect(process.env.HEARTH_DOTENV_A).toBe('from-file');
    expect(process.env.HEARTH_DOTENV_B).toBe('from-environment');
  });

  it('is optional', () => {
    expect(loadDotEnv(join(tmpdir(), 'no-such-dir-hearth', '.env'))).toBe(false);
  });
});

describe('notification settings', () => {
  const VAPID = {
    VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.alloc(32, 7).toString('base64url'),
  };

  it('default to no email, generated VAPID keys, safe push endpoints and a running scheduler', () => {
    expect(loadConfig({}).notifications).toEqual({
      smtpUrl: null,
      mailFrom: 'Hearth <hearth@localhost>',
      vapid: null,
      vapidSubject: 'mailto:hearth@localhost',
      scheduler: true,
    });
  });

  it('honour every variable', () => {
    const c = loadConfig({
      PUBLIC_URL: 'https://home.example.org',
      SMTP_URL: 'smtp://user:pass@mail.example.org:587',
      MAIL_FROM: 'Home <home@example.org>',
      ...VAPID,
      PUSH_ALLOW_INSECURE: 'true',
      NOTIFICATIONS_SCHEDULER: 'off',
    });
    expect(c.notifications).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example.org:587',
      mailFrom: 'Home <home@example.org>',
      vapid: { publicKey: VAPID.VAPID_PUBLIC_KEY, privateKey: VAPID.VAPID_PRIVATE_KEY },
      vapidSubject: 'https://home.example.org',
      scheduler: false,
    });
    expect(c.outbound).toEqual({ allowLoopback: true });
  });

  it('keep outbound requests off loopback unless OUTBOUND_ALLOW_LOOPBACK (or its alias) says so', () => {
    expect(loadConfig({}).outbound).toEqual({ allowLoopback: false });
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'true' }).outbound).toEqual({ allowLoopback: true });
    expect(loadConfig({ PUSH_ALLOW_INSECURE: 'true' }).outbound).toEqual({ allowLoopback: true });
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'false' }).outbound).toEqual({ allowLoopback: false });
  });

  it('refuse bad values without echoing an SMTP password', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
      return '';
    };
    const smtp = problems({ SMTP_URL: 'http://user:secret@mail.example.org' });
    expect(smtp).toMatch(/SMTP_URL/);
    expect(smtp).not.toMatch(/secret/);
    expect(problems({ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY })).toMatch(/go together/);
    expect(problems({ ...VAPID, VAPID_PRIVATE_KEY: 'short' })).toMatch(/VAPID_PRIVATE_KEY must be|32 bytes/);
    expect(problems({ PUSH_ALLOW_INSECURE: 'yes' })).toMatch(/PUSH_ALLOW_INSECURE/);
    expect(problems({ OUTBOUND_ALLOW_LOOPBACK: 'yes' })).toMatch(/OUTBOUND_ALLOW_LOOPBACK/);
    expect(problems({ VAPID_SUBJECT: 'http://x' })).toMatch(/VAPID_SUBJECT/);
  });
});

describe('secrets from files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-secrets-'));
  const secret = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      return (err as ConfigError).problems.join('\n');
    }
    return '';
  };

  it('are declared once, and every one of them reads NAME_FILE with its trailing line break dropped', () => {
    expect([...SECRET_SETTINGS]).toEqual(['DATABASE_URL', 'SMTP_URL', 'VAPID_PRIVATE_KEY', 'METRICS_TOKEN']);
    const c = loadConfig({
      DATABASE_URL_FILE: secret('db', 'postgres://u:p@db:5432/hearth\n'),
      SMTP_URL_FILE: secret('smtp', 'smtp://user:pa ss@mail.example.org:587\r\n'),
      VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
      VAPID_PRIVATE_KEY_FILE: secret('vapid', `${Buffer.alloc(32, 7).toString('base64url')}\n`),
      METRICS_TOKEN_FILE: secret('metrics', 'a-metrics-token-of-some-length\n'),
    });
    expect(c.database).toMatchObject({ engine: 'postgres', url: 'postgres://u:p@db:5432/hearth' });
    expect(c.notifications.smtpUrl).toBe('smtp://user:pa ss@mail.example.org:587');
    expect(c.notifications.vapid?.privateKey).toBe(Buffer.alloc(32, 7).toString('base64url'));
    expect(c.metricsToken).toBe('a-metrics-token-of-some-length');
  });

  it('check what the file holds as they check the variable', () => {
    expect(problemsOf({ DATABASE_URL_FILE: secret('bad-db', 'mysql://x\n') })).toMatch(/DATABASE_URL must/);
  });

  it('refuse a setting given both ways, naming it', () => {
    for (const name of SECRET_SETTINGS) {
      const message = problemsOf({ [name]: 'x', [`${name}_FILE`]: secret(`both-${name}`, 'y') });
      expect(message).toContain(`${name} and ${name}_FILE are both set`);
    }
  });

  it('refuse a file that cannot be read, naming the variable and the path', () => {
    const path = join(dir, 'missing');
    const message = problemsOf({ SMTP_URL_FILE: path });
    expect(message).toContain('SMTP_URL_FILE');
    expect(message).toContain(path);
    expect(message).toMatch(/ENOENT/);
  });
});

describe('metrics token', () => {
  it('is off by default and must be long enough when set', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-metrics-token-of-some-length' }).metricsToken).toBe(
      'a-metrics-token-of-some-length',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
