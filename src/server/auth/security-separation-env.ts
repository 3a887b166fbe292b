// Security separation is a deployment decision (the spec's configuration screen has no switch for
// it): ATRIUM_SECURITY_SEPARATION=on|off sets the stored `isOpenSecurity` at every start; unset
// leaves the stored value as it is.
import { writeConfig } from '../db/config-store.ts';
import type { Db } from '../db/schema.ts';

export async function applySecuritySeparation(db: Db, setting: string | undefined): Promise<void> {
  if (setting === 'on' || setting === 'off') await writeConfig(db, { isOpenSecurity: setting === 'on' });
  else if (setting) throw new Error(`ATRIUM_SECURITY_SEPARATION must be "on" or "off", not "${setting}"`);
}
