// Password hashes (src/server/auth/password-hash.ts): the deployment's cost, refused when out of range,
// carried in each hash, and a hash made at one cost still verified at another.
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HASH_COST,
  hashCost,
  hashPassword,
  needsRehash,
  unusableHash,
  verifyPassword,
} from '../../../src/server/auth/password-hash.ts';

describe('password hashes', () => {
  it('takes the cost from 10 to 17, 14 when unset, and refuses anything else with the setting named', () => {
    expect(DEFAULT_HASH_COST).toBe(14);
    expect(hashCost('')).toBe(DEFAULT_HASH_COST);
    expect(hashCost('10')).toBe(10);
    expect(hashCost('17')).toBe(17);
    for (const bad of ['9', '18', '12.5', 'high', '-14'])
      expect(() => hashCost(bad)).toThrow(/ATRIUM_PASSWORD_HASH_COST must be an integer from 10 to 17/);
  });

  it("hashes at the deployment's cost with a fresh salt, and verifies only the same password", async () => {
    const N = 2 ** hashCost();
    const one = await hashPassword('Secret#2026');
    const two = await hashPassword('Secret#2026');
    expect(one).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$1\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`));
    expect(one).not.toBe(two);
    expect(await verifyPassword('Secret#2026', one)).toBe(true);
    expect(await verifyPassword('Secret#2027', one)).toBe(false);
    expect(await verifyPassword('Secret#2026', unusableHash())).toBe(false);
    expect(unusableHash().startsWith(`scrypt$${N}$8$1$`)).toBe(true);
  });

  it('verifies a hash by the parameters it carries, whatever the cost now', async () => {
    const N = 2 ** hashCost() === 1024 ? 2048 : 1024; // another cost than new hashes get
    const stored = await hashPassword('Secret#2026', { N, r: 8, p: 1 });
    // node's scrypt, called directly, derives the same key from the stored salt at the stored N.
    const [, n, , , salt, key] = stored.split('$');
    expect(Number(n)).toBe(N);
    expect(scryptSync('Secret#2026', Buffer.from(salt, 'base64'), 32, { N, r: 8, p: 1 }).toString('base64')).toBe(key);
    expect(await verifyPassword('Secret#2026', stored)).toBe(true);
    expect(await verifyPassword('secret#2026', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(await hashPassword('Secret#2026'))).toBe(false);
    expect(needsRehash(unusableHash())).toBe(false);
  });
});
