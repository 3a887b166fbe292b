// The directory (LDAP / Active Directory) as a sync source: the organisational units (deptClass) under
// the domain's baseDN are the departments, following the directory's tree; the entries of userClass
// are the users, in the unit holding them. Paged searches with the manager account; keys are the
// directory's stable ids (entryUUID, objectGUID), so a renamed or moved entry stays the same
// department or user. Incremental reads ask only for users whose modifyTimestamp is newer.
import type { ConfigLdap } from '../../../core/generated/api-types.ts';
import { AndFilter, EqualityFilter, GreaterThanEqualsFilter, type Entry, type Filter } from 'ldapts';
import type { DirectorySource, SourceDepartment, SourceUser } from '../../sync/source.ts';
import { dnParts, normalDn } from './dn.ts';
import { policyClient } from './ldap-client.ts';

/** The configuration's directory settings (`ldapConfig`) a sync needs: the address and base are required
 *  here. `enterDept`, when set, names a top department holding the top units and the users outside any. */
export type LdapSyncSettings = Omit<ConfigLdap, 'url' | 'baseDN'> & { url: string; baseDN: string };

const DEFAULTS = {
  ad: {
    userClass: 'user',
    id_: 'objectGUID',
    name_: 'displayName',
    loginno_: 'sAMAccountName',
    email_: 'mail',
    telephone_: 'telephoneNumber',
    deptClass: 'organizationalUnit',
  },
  openldap: {
    userClass: 'inetOrgPerson',
    id_: 'entryUUID',
    name_: 'cn',
    loginno_: 'uid',
    email_: 'mail',
    telephone_: 'telephoneNumber',
    deptClass: 'organizationalUnit',
  },
} as const;

export const ENTERPRISE_KEY = 'enterprise';
const TIMEOUT_MS = 30_000;
const PAGE_SIZE = 500;

type Mapping = { -readonly [K in keyof (typeof DEFAULTS)['ad']]: string };

/** The mapping the settings name, the structure's usual one for what they leave empty. */
export function mappingOf(settings: LdapSyncSettings): Mapping {
  const defaults = DEFAULTS[settings.dirStructure ?? 'ad'];
  const pick = (k: keyof Mapping) => settings[k]?.trim() || defaults[k];
  return {
    userClass: pick('userClass'),
    id_: pick('id_'),
    name_: pick('name_'),
    loginno_: pick('loginno_'),
    email_: pick('email_'),
    telephone_: pick('telephone_'),
    deptClass: pick('deptClass'),
  };
}

/** LDAP generalized time of `at`, to the second (what modifyTimestamp holds). */
export const generalizedTime = (at: Date) => `${at.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`;

function text(entry: Entry, attribute: string): string {
  const value =
    entry[attribute] ?? entry[Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase()) ?? ''];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return '';
  return Buffer.isBuffer(first) ? first.toString('hex') : String(first);
}

export class LdapDirectorySource implements DirectorySource {
  readonly kind = 'ldap' as const;
  private readonly mapping: Mapping;
  /** Normalised DN of each unit → its key; filled by departments(), used by users(). */
  private readonly units = new Map<string, string>();

  constructor(private readonly settings: LdapSyncSettings) {
    this.mapping = mappingOf(settings);
  }

  private async *search(filter: Filter, attributes: string[]): AsyncGenerator<Entry> {
    const client = await policyClient(this.settings.url, TIMEOUT_MS);
    try {
      if (this.settings.manager) await client.bind(this.settings.manager, this.settings.managerPassword ?? '');
      const explicitBufferAttributes = this.mapping.id_.toLowerCase() === 'objectguid' ? [this.mapping.id_] : [];
      for await (const page of client.searchPaginated(this.settings.baseDN, {
        scope: 'sub',
        filter,
        attributes,
        explicitBufferAttributes,
        paged: { pageSize: PAGE_SIZE },
      })) {
        yield* page.searchEntries;
      }
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  /** The key of the nearest unit above `dn` (the enterprise department or none when there is none). */
  private unitAbove(dn: string): string[] {
    const parts = dnParts(dn);
    for (let i = 1; i < parts.length; i++) {
      const key = this.units.get(normalDn(parts.slice(i).join(',')));
      if (key) return [key];
    }
    return this.settings.enterDept?.trim() ? [ENTERPRISE_KEY] : [];
  }

  /** Every unit, whatever `since` says: the tree is needed to place the users read. */
  async *departments(): AsyncIterable<SourceDepartment> {
    const enterprise = this.settings.enterDept?.trim();
    const units: Array<{ dn: string; key: string; name: string }> = [];
    const filter = new EqualityFilter({ attribute: 'objectClass', value: this.mapping.deptClass });
    for await (const entry of this.search(filter, [this.mapping.id_, 'ou'])) {
      if (normalDn(entry.dn) === normalDn(this.settings.baseDN)) continue;
      const key = text(entry, this.mapping.id_) || normalDn(entry.dn);
      units.push({ dn: entry.dn, key, name: text(entry, 'ou') || dnParts(entry.dn)[0].replace(/^[^=]*=/, '') });
      this.units.set(normalDn(entry.dn), key);
    }
    if (enterprise) yield { externalId: ENTERPRISE_KEY, parentExternalId: null, name: enterprise };
    for (const unit of units) {
      const [parent] = this.unitAbove(unit.dn);
      yield { externalId: unit.key, parentExternalId: parent ?? null, name: unit.name };
    }
  }

  async *users(since?: Date): AsyncIterable<SourceUser> {
    if (this.units.size === 0) for await (const _ of this.departments()); // the units place the users
    const m = this.mapping;
    const byClass = new EqualityFilter({ attribute: 'objectClass', value: m.userClass });
    const filter = since
      ? new AndFilter({
          filters: [
            byClass,
            new GreaterThanEqualsFilter({ attribute: 'modifyTimestamp', value: generalizedTime(since) }),
          ],
        })
      : byClass;
    const ad = (this.settings.dirStructure ?? 'ad') === 'ad';
    const attributes = [
      m.id_,
      m.name_,
      m.loginno_,
      m.email_,
      m.telephone_,
      'cn',
      ...(ad ? ['userAccountControl'] : []),
    ];
    for await (const entry of this.search(filter, attributes)) {
      const control = ad ? Number(text(entry, 'userAccountControl') || 0) : 0;
      yield {
        externalId: text(entry, m.id_) || normalDn(entry.dn),
        loginNumber: text(entry, m.loginno_),
        name: text(entry, m.name_) || text(entry, 'cn'),
        departmentExternalIds: this.unitAbove(entry.dn),
        email: text(entry, m.email_),
        telephone: text(entry, m.telephone_),
        active: (control & 2) === 0, // ACCOUNTDISABLE
      };
    }
  }
}
