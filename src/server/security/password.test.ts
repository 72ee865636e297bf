import { describe, expect, it } from 'vitest';
import { testPassword } from '#tests/api-support/auth-helpers.ts';
import {
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
} from './password.ts';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane)', async () => {
    const hash = await hashPassword(testPassword);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain(testPassword);
  });

  it('salts every hash: the same password hashes differently twice', async () => {
    const [first, second] = await Promise.all([
      hashPassword(testPassword),
      hashPassword(testPassword),
    ]);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, testPassword)).toBe(true);
    expect(await verifyPassword(second, testPassword)).toBe(true);
  });

  it('accepts the password and nothing else', async () => {
    const hash = await hashPassword(testPassword);
    expect(await verifyPassword(hash, testPassword)).toBe(true);
    expect(await verifyPassword(hash, `${testPassword} `)).toBe(false);
    expect(await verifyPassword(hash, testPassword.toUpperCase())).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('answers false, not an error, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', testPassword)).toBe(false);
    expect(await verifyPassword('', testPassword)).toBe(false);
  });

  it('never accepts a password when there is no hash to check against', async () => {
    expect(await verifyAgainstNothing(testPassword)).toBe(false);
    expect(await verifyAgainstNothing('grounded-timing-equaliser')).toBe(false);
  });
});

describe('common passwords', () => {
  it.each(['password1', 'iloveyou', '123456', 'qwerty', 'PassWord1', 'ILOVEYOU'])(
    'knows %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each([testPassword, 'fresh-meadow-river-9', 'k7#qz!'])('does not flag %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
