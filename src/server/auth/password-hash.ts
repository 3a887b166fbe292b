// Password hashes: scrypt from node:crypto with a random salt; the parameters travel in the stored
// string (scrypt$N$r$p$salt$hash), so they can be raised later without breaking old hashes.
// The cost (log2 N) is the deployment's: ATRIUM_PASSWORD_HASH_COST, read at the first hash; a sign-in
// brings an older hash to it (docs/adr/0260-password-hash-cost-setting.md).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const DEFAULT_HASH_COST = 14;
const KEY_LENGTH = 32;

/** log2 of scrypt's N from `value` (ATRIUM_PASSWORD_HASH_COST): an integer from 10 to 17, default 14
 *  (17 is OWASP's advice for scrypt: 128 MiB and about 0.4 s a hash on this project's machine). */
export function hashCost(value = process.env.ATRIUM_PASSWORD_HASH_COST): number {
  if (value === undefined || value === '') return DEFAULT_HASH_COST;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < 10 || cost > 17)
    throw new Error(`ATRIUM_PASSWORD_HASH_COST must be an integer from 10 to 17 (log2 of scrypt's N), not "${value}"`);
  return cost;
}

export interface HashParams {
  N: number;
  r: number;
  p: number;
}
let params: HashParams | undefined;
/** The parameters new hashes get, fixed at the first use. */
const hashParams = (): HashParams => (params ??= { N: 2 ** hashCost(), r: 8, p: 1 });

/** The stored form: scrypt$N$r$p$salt$hash. */
const stored = ({ N, r, p }: HashParams, salt: Buffer, key: Buffer) =>
  ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { ...options, maxmem: 160 * 1024 * 1024 } /* the highest cost needs 128 MiB */,
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** A new hash of `password`, at the deployment's parameters unless others are given (tests of older hashes). */
export async function hashPassword(password: string, params: HashParams = hashParams()): Promise<string> {
  const salt = randomBytes(16);
  return stored(params, salt, await derive(password, salt, { ...params }, KEY_LENGTH));
}

/** Whether `stored` was made with other parameters than new hashes get: a sign-in with the right
 *  password hashes it again, so a changed cost reaches every user who signs in. */
export function needsRehash(hash: string): boolean {
  const [scheme, n, r, p] = hash.split('$');
  const now = hashParams();
  return scheme === 'scrypt' && (Number(n) !== now.N || Number(r) !== now.r || Number(p) !== now.p);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/** A hash nobody's password matches, at the deployment's cost: login still spends the scrypt time on an
 *  unknown username. */
export function unusableHash(): string {
  return stored(hashParams(), Buffer.alloc(16), Buffer.alloc(KEY_LENGTH));
}
