import { describe, expect, it } from 'vitest';
import { addressClass, checkEndpoint } from './endpoint-guard.js';

const dns = (table: Record<string, string[]>) => async (host: string) => {
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

describe('push endpoint guard', () => {
  it('classes addresses: public, loopback, everything else refused (IPv4 and IPv6)', () => {
    for (const a of ['142.250.74.3', '2a00:1450:4001:82a::200a']) expect(addressClass(a)).toBe('public');
    for (const a of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'])
      expect(addressClass(a)).toBe('loopback');
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:10.0.0.1',
      '::ffff:192.168.0.1',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
    ]) {
      expect([a, addressClass(a)]).toEqual([a, 'refused']);
    }
  });

  const resolve = dns({
    'push.example.com': ['142.250.74.3'],
    'inside.example.com': ['10.1.2.3'],
    'mixed.example.com': ['142.250.74.3', 'fd00::5'],
    'metadata.example.com': ['169.254.169.254'],
  });

  it('accepts https to a public host, by name or address', async () => {
    await expect(
      checkEndpoint('https://push.example.com/send/abc', { allowInsecure: false, resolve }),
    ).resolves.toBeInstanceOf(URL);
    await expect(
      checkEndpoint('https://142.250.74.3/x', { allowInsecure: false, resolve }),
    ).resolves.toBeInstanceOf(URL);
  });

  it.each([
    ['http://push.example.com/x', /https/],
    ['ftp://push.example.com/x', /https/],
    ['not a url', /URL/],
    ['https://127.0.0.1/x', /public/],
    ['https://[::1]/x', /public/],
    ['https://[::ffff:7f00:1]/x', /public/],
    ['https://[fe80::1]/x', /public/],
    ['https://192.168.0.10/x', /public/],
    ['https://inside.example.com/x', /public/],
    ['https://mixed.example.com/x', /public/],
    ['https://metadata.example.com/x', /public/],
    ['https://nowhere.example.com/x', /cannot be found/],
    ['https://user:pw@push.example.com/x', /user name/],
  ])('refuses %s with a 400 naming endpoint', async (endpoint, message) => {
    const err = await checkEndpoint(endpoint, { allowInsecure: false, resolve }).catch((e) => e);
    expect(err).toMatchObject({ statusCode: 400, field: 'endpoint' });
    expect(err.message).toMatch(message);
  });

  it('PUSH_ALLOW_INSECURE allows http to loopback only', async () => {
    const insecure = { allowInsecure: true, resolve };
    await expect(checkEndpoint('http://127.0.0.1:8080/p', insecure)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint('http://[::1]:8080/p', insecure)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpoint('http://push.example.com/p', insecure)).rejects.toMatchObject({
      field: 'endpoint',
    });
    await expect(checkEndpoint('http://10.0.0.1/p', insecure)).rejects.toMatchObject({ field: 'endpoint' });
  });
});
