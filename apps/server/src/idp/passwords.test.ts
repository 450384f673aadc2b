import { describe, expect, it } from 'vitest';
import { hashPassword, parsePasswordHash, verifyPassword } from './passwords.js';

describe('password hashing (scrypt)', () => {
  it('stores the scrypt parameters, a 16-byte salt and the key with the hash', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    const parsed = parsePasswordHash(stored);
    expect(parsed).toMatchObject({ N: 32768, r: 8, p: 1 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
    expect(stored).not.toContain('correct horse battery');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, not the current defaults', async () => {
    const stored = await hashPassword('older hash', { N: 1024, r: 8, p: 1 });
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('older hash', stored)).toBe(true);
  });

  it('refuses malformed or tampered hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not a hash')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$3$8$1$c2FsdA$a2V5')).toBe(false); // N not a power of two
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$a2V5')).toBe(false); // N too large
    expect(await verifyPassword('x', 'bcrypt$1024$8$1$c2FsdA$a2V5')).toBe(false);
  });
});
