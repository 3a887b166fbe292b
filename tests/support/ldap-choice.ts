// Whether this run tests against slapd (docs/adr/0107-test-postgres-started-or-skipped-aloud.md): always,
// failing where it is missing, unless ATRIUM_TEST_LDAP=off leaves the LDAP tests out, which the run's
// global setup says at its start and at its end.
import { existsSync } from 'node:fs';
import { announceSkipped, switchedOff } from './test-switch.ts';

export const LDAP_SWITCH_ENV = 'ATRIUM_TEST_LDAP';
export const SLAPD_MISSING = `slapd is missing: apt-get install slapd ldap-utils (or ${LDAP_SWITCH_ENV}=off to leave the LDAP tests out)`;

export const SLAPD = '/usr/sbin/slapd';

export const slapdAvailable = (): boolean => existsSync(SLAPD) && existsSync('/usr/lib/ldap/back_mdb.so');

/** False when the run was told to leave the LDAP tests out; throws when slapd is missing otherwise. */
export function slapdWanted(env: NodeJS.ProcessEnv = process.env, available = slapdAvailable): boolean {
  if (switchedOff(LDAP_SWITCH_ENV, env)) return false;
  if (!available()) throw new Error(SLAPD_MISSING);
  return true;
}

/** For a run's global setup: checks the switch and, when off, says so now and at the end. */
export function announceLdapChoice(): (() => Promise<void>) | undefined {
  if (!switchedOff(LDAP_SWITCH_ENV)) return undefined;
  return announceSkipped([
    `LDAP SKIPPED: ${LDAP_SWITCH_ENV}=off. Every test that needs slapd (directory sync and test`,
    'connection) is left out of this run.',
  ]);
}
