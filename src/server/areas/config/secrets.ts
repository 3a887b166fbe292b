// Secrets of the configuration never leave in clear: a stored one reads as the placeholder, and the
// placeholder (or, for an import, nothing at all) sent back keeps the stored one.
import { UNCHANGED_SECRET } from '../../../core/password-codec.ts';
import type { GroupValues } from './config-groups.ts';

export function maskSecrets(values: GroupValues, secrets: readonly string[]): GroupValues {
  const out = { ...values };
  for (const name of secrets) out[name] = typeof out[name] === 'string' && out[name] !== '' ? UNCHANGED_SECRET : '';
  return out;
}

/** `incoming` with each secret that says "unchanged" replaced by the stored one. A save may clear a
 *  secret with an empty string; an import never clears one (`keepOnEmpty`). */
export function keepStoredSecrets(incoming: GroupValues, stored: GroupValues, secrets: readonly string[], keepOnEmpty: boolean): GroupValues {
  const out = { ...incoming };
  for (const name of secrets) {
    const value = out[name];
    const unchanged = value === UNCHANGED_SECRET || (keepOnEmpty && (value === undefined || value === ''));
    if (unchanged) {
      if (stored[name] === undefined) delete out[name];
      else out[name] = stored[name];
    }
  }
  return out;
}
