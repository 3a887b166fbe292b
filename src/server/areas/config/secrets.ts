// Secrets of the configuration never leave in clear: a stored one reads as the placeholder, and the
// placeholder (or, for an import, nothing at all) sent back keeps the stored one — but only with the
// settings it was saved with (`x-secret-bound`): sent with a new address or account, the placeholder
// would bind the stored password to a server the sender chose, so the secret must be typed again
// (Keycloak's LDAP test connection asks the same).
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import type { GroupValues, SecretField } from './config-groups.ts';

export function maskSecrets(values: GroupValues, secrets: readonly SecretField[]): GroupValues {
  const out = { ...values };
  for (const { name } of secrets) out[name] = typeof out[name] === 'string' && out[name] !== '' ? UNCHANGED_SECRET : '';
  return out;
}

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');

/** `incoming` with each secret that says "unchanged" replaced by the stored one. A save may clear a
 *  secret with an empty string; an import never clears one (`keepOnEmpty`). A stored secret kept
 *  while a field it is bound to changes is refused on `${path}/${name}` (1001), nothing kept. */
export function keepStoredSecrets(
  incoming: GroupValues,
  stored: GroupValues,
  secrets: readonly SecretField[],
  keepOnEmpty: boolean,
  path: string,
): GroupValues {
  const out = { ...incoming };
  const unbound: string[] = [];
  for (const { name, boundTo } of secrets) {
    const value = out[name];
    const unchanged = value === UNCHANGED_SECRET || (keepOnEmpty && (value === undefined || value === ''));
    if (!unchanged) continue;
    if (stored[name] === undefined) delete out[name];
    // Only a stored password is bound to the settings it was saved with; an empty one binds nothing.
    else if (stored[name] !== '' && boundTo.some((field) => field in out && !same(out[field], stored[field])))
      unbound.push(name);
    else out[name] = stored[name];
  }
  if (unbound.length)
    throw new ValidationFailure(
      [],
      unbound.map((name) => ({ field: `${path}/${name}`, message: 'config.msg.secretAgain' })),
    );
  return out;
}
