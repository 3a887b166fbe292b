// The nine caller kinds of the authorization matrix (docs/security.md "Authorization matrix"): the demo
// logins (src/server/seed/demo-superusers.ts) with what decides their reach, and which tenant each
// calls home. The generated tables and the matrix test (tests/api/authorization/fixtures.ts signs them
// in) read this one list.
import type { CurrentUser } from '../../src/server/auth/current-user.ts';
import { reachOf } from '../../src/server/auth/reach.ts';

export const CALLER_KINDS = [
  'anonymous',
  'super',
  'system',
  'security',
  'auditor',
  'tenant',
  'otherTenant',
  'department',
  'developer',
] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

export const COLUMN_TITLES: Record<CallerKind, string> = {
  anonymous: 'anonymous',
  super: 'super administrator',
  system: 'system administrator',
  security: 'security officer',
  auditor: 'auditor',
  tenant: 'tenant administrator',
  otherTenant: "other tenant's administrator",
  department: 'department administrator',
  developer: 'developer',
};

/** The probed tenants: each has a Sales department under its headquarters (the department target). */
export type TenantSlug = 'acme' | 'globex';
export const salesOf = (t: string) => `${t}/sales`;
export const headquartersOf = (t: string) => `${t}/hq`;

interface Profile {
  type: string;
  superAdmin?: boolean;
  domainAdmin?: boolean;
  developer?: boolean;
  /** Enterprises (slugs) and departments (`<slug>/<key>`) it is linked to. */
  domains?: string[];
  departments?: string[];
  home: TenantSlug;
}

/** As the demo seed makes them; the built-in officers hold no enterprise. */
const PROFILES: Record<Exclude<CallerKind, 'anonymous'>, Profile> = {
  super: { type: 'super', superAdmin: true, home: 'acme' },
  system: { type: 'admin', domainAdmin: true, home: 'acme' },
  security: { type: 'secret', domainAdmin: true, home: 'acme' },
  auditor: { type: 'examine', domainAdmin: true, home: 'acme' },
  tenant: { type: 'admin', domainAdmin: true, domains: ['acme'], home: 'acme' },
  otherTenant: { type: 'admin', domainAdmin: true, domains: ['globex', 'xingchen'], home: 'globex' },
  department: { type: 'admin', domainAdmin: true, domains: ['acme'], departments: [salesOf('acme')], home: 'acme' },
  developer: { type: 'develop', developer: true, home: 'acme' },
};

export const homeOf = (kind: CallerKind): TenantSlug => (kind === 'anonymous' ? 'acme' : PROFILES[kind].home);
export const awayOf = (kind: CallerKind): TenantSlug => (homeOf(kind) === 'acme' ? 'globex' : 'acme');

/** The signed-in caller of a kind as the server derives it (current-user.ts), in a separation mode. */
export function matrixCaller(kind: Exclude<CallerKind, 'anonymous'>, separation: boolean): CurrentUser {
  const p = PROFILES[kind];
  const domains = p.domains ?? [];
  const departments = p.departments ?? [];
  const reach = reachOf({
    superAdmin: p.superAdmin === true,
    isOpenSecurity: separation,
    type: p.type,
    domains,
    departments,
    departmentDomains: [...new Set(departments.map((d) => d.split('/')[0]))],
  });
  return {
    id: kind,
    name: kind,
    loginno: kind,
    email: '',
    isOpenSecurity: separation,
    type: p.type as CurrentUser['type'],
    superAdmin: p.superAdmin === true,
    domainAdmin: p.domainAdmin === true,
    developer: p.developer === true,
    departments,
    domains,
    tenantScoped: !p.superAdmin && domains.length > 0 && departments.length === 0,
    level: p.superAdmin ? 1 : p.domainAdmin ? 2 : 3,
    reach,
    encryptionMode: 0,
  };
}
