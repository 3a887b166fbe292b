// Whether the tests that need slapd run (docs/adr/0107-test-postgres-started-or-skipped-aloud.md): always
// where slapd is installed, failing with what to install where it is not, left out only when told.
import { describe, expect, it } from 'vitest';
import { slapdWanted } from '../../support/ldap-choice.ts';

const installed = () => true;
const missing = () => false;

describe('the choice of slapd for the LDAP tests', () => {
  it('runs them where slapd is installed', () => {
    expect(slapdWanted({}, installed)).toBe(true);
    expect(slapdWanted({ ATRIUM_TEST_LDAP: 'on' }, installed)).toBe(true);
  });

  it('fails saying what to install where slapd is missing', () => {
    expect(() => slapdWanted({}, missing)).toThrow('slapd is missing: apt-get install slapd ldap-utils');
  });

  it('leaves them out only with ATRIUM_TEST_LDAP=off and refuses any other word', () => {
    expect(slapdWanted({ ATRIUM_TEST_LDAP: 'off' }, missing)).toBe(false);
    expect(slapdWanted({ ATRIUM_TEST_LDAP: 'off' }, installed)).toBe(false);
    expect(() => slapdWanted({ ATRIUM_TEST_LDAP: 'no' }, installed)).toThrow(/ATRIUM_TEST_LDAP=no/);
  });
});
