import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address.js';
import { checkOutboundUrl, parseOutboundUrl } from './url.js';

describe('outbound address classes', () => {
  it('allows public unicast, IPv4 and IPv6', () => {
    for (const a of ['142.250.74.3', '1.1.1.1', '2a00:1450:4001:82a::200a', '2606:4700:4700::1111'])
      expect([a, classifyAddress(a)]).toEqual([a, 'public']);
  });

  it('knows loopback (allowed only when the operator says so)', () => {
    for (const a of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'])
      expect([a, classifyAddress(a)]).toEqual([a, 'loopback']);
  });

  it('refuses private, local, special and reserved ranges', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '100::1',
      '4000::1',
      'not an address',
      '0x7f.1',
      '2130706433',
    ]) {
      expect([a, classifyAddress(a)]).toEqual([a, 'refused']);
    }
  });

  // Every IPv6 form that carries an IPv4 address is judged by that address.
  it.each([
    ['IPv4-compatible', '::127.0.0.1', '::8.8.8.8'],
    ['IPv4-compatible, hex', '::7f00:1', '::808:808'],
    ['IPv4-mapped', '::ffff:10.0.0.1', '::ffff:8.8.8.8'],
    ['IPv4-translated', '::ffff:0:127.0.0.1', '::ffff:0:8.8.8.8'],
    ['NAT64', '64:ff9b::127.0.0.1', '64:ff9b::8.8.8.8'],
    ['NAT64, private inside', '64:ff9b::192.168.0.1', '64:ff9b::1.1.1.1'],
    ['6to4', '2002:7f00:1::1', '2002:808:808::1'],
    ['6to4, private inside', '2002:a00:1::', '2002:101:101::'],
    // Teredo: server at bits 32-63, client (inverted) at 96-127; both must be public.
    ['Teredo, loopback client', '2001:0:808:808:0:0:80ff:fffe', '2001:0:808:808:0:0:f7f7:f7f7'],
    ['Teredo, private server', '2001:0:a00:1:0:0:f7f7:f7f7', '2001:0:101:101:0:0:f7f7:f7f7'],
  ])('%s: %s refused, %s public', (_form, inward, outward) => {
    expect(classifyAddress(inward)).toBe('refused');
    expect(classifyAddress(outward)).toBe('public');
  });

  it('refuses the local-use NAT64 prefix whatever it carries', () => {
    expect(classifyAddress('64:ff9b:1::808:808')).toBe('refused');
  });
});

describe('outbound URLs', () => {
  const strict = { allowLoopback: false };
  const refusal = (raw: string, policy = strict) => {
    try {
      parseOutboundUrl(raw, 'url', policy);
      return null;
    } catch (err) {
      return err;
    }
  };

  it('refuses https://[::127.0.0.1]:45443/x with a 400 naming the field', () => {
    expect(refusal('https://[::127.0.0.1]:45443/x')).toMatchObject({
      statusCode: 400,
      field: 'url',
      message: 'url must be a public address, not a local or private one.',
    });
    // Not even when loopback is allowed: only 127.0.0.1 and ::1 themselves are.
    expect(refusal('https://[::127.0.0.1]:45443/x', { allowLoopback: true })).not.toBeNull();
  });

  it.each([
    ['https://127.0.0.1/x', /public/],
    ['https://localhost/x', /public/],
    ['https://LOCALHOST./x', /public/],
    ['https://api.localhost/x', /public/],
    ['https://[::1]/x', /public/],
    ['https://[::ffff:7f00:1]/x', /public/],
    ['https://[64:ff9b::a00:1]/x', /public/],
    ['https://[2002:c0a8:1::1]/x', /public/],
    ['https://10.0.0.1/x', /public/],
    ['https://0x7f.1/x', /public/],
    ['https://2130706433/x', /public/],
    ['http://example.com/x', /https/],
    ['ftp://example.com/x', /https/],
    ['file:///etc/passwd', /https/],
    ['not a url', /URL/],
    ['https://user:pw@example.com/x', /user name/],
  ])('refuses %s', (raw, message) => {
    const err = refusal(raw);
    expect(err).toMatchObject({ statusCode: 400, field: 'url' });
    expect((err as Error).message).toMatch(message);
  });

  it('reads webcal:// as https:// and accepts public hosts', () => {
    expect(parseOutboundUrl('webcal://calendar.example.com/a.ics', 'url', strict).href).toBe(
      'https://calendar.example.com/a.ics',
    );
    expect(parseOutboundUrl('https://8.8.8.8/x', 'url', strict).protocol).toBe('https:');
    expect(refusal('webcal://127.0.0.1/a.ics')).toMatchObject({ field: 'url' });
  });

  it('OUTBOUND_ALLOW_LOOPBACK allows http and https to loopback only', () => {
    const loose = { allowLoopback: true };
    expect(parseOutboundUrl('http://127.0.0.1:8080/p', 'url', loose).port).toBe('8080');
    expect(parseOutboundUrl('http://[::1]:8080/p', 'url', loose).port).toBe('8080');
    expect(parseOutboundUrl('http://localhost:8080/p', 'url', loose).port).toBe('8080');
    expect(refusal('http://10.0.0.1/p', loose)).toMatchObject({ field: 'url' });
    expect(refusal('http://8.8.8.8/p', loose)).toMatchObject({ field: 'url' });
  });

  it('resolves a name when asked and refuses it when any address is refused', async () => {
    const resolve = async (host: string) => {
      const table: Record<string, string[]> = {
        'push.example.com': ['142.250.74.3'],
        'mixed.example.com': ['142.250.74.3', 'fd00::5'],
        'compat.example.com': ['::7f00:1'],
      };
      const found = table[host];
      if (!found) throw new Error('ENOTFOUND');
      return found;
    };
    await expect(
      checkOutboundUrl('https://push.example.com/x', 'endpoint', { allowLoopback: false, resolve }),
    ).resolves.toBeInstanceOf(URL);
    for (const [raw, message] of [
      ['https://mixed.example.com/x', /public/],
      ['https://compat.example.com/x', /public/],
      ['https://nowhere.example.com/x', /cannot be found/],
    ] as const) {
      await expect(
        checkOutboundUrl(raw, 'endpoint', { allowLoopback: false, resolve }),
      ).rejects.toMatchObject({
        statusCode: 400,
        field: 'endpoint',
        message: expect.stringMatching(message),
      });
    }
  });
});
