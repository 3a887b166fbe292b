// The one scope model (docs/security.md "Reach"): every caller has exactly one reach — the platform,
// a set of tenants, or a set of departments inside one tenant — derived here from its flags and links
// and nowhere else. Every call's rule, every query's filter and every grant reads it; the spec's
// `tenantScoped` flag is only what the console's tiles read, never an authorization input.

export type Reach =
  | { kind: 'platform' }
  | { kind: 'tenants'; domains: string[] }
  | { kind: 'departments'; domain: string; departments: string[] };

export type ReachKind = Reach['kind'];

/** The officer types of security separation that, holding no enterprise, work for the whole platform. */
const PLATFORM_OFFICERS: readonly string[] = ['admin', 'secret', 'examine'];

export interface ReachInput {
  superAdmin: boolean;
  isOpenSecurity: boolean;
  type?: string;
  domains: readonly string[];
  departments: readonly string[];
  /** The enterprises the departments belong to. */
  departmentDomains: readonly string[];
}

const NOTHING: Reach = { kind: 'tenants', domains: [] };

export function reachOf(user: ReachInput): Reach {
  if (user.superAdmin) return { kind: 'platform' };
  if (user.departments.length > 0) {
    // A department-level user belongs to exactly one tenant (grants keep it so); links that say
    // otherwise (written before the rule) reach nothing rather than guess.
    const [domain, ...others] = user.departmentDomains;
    if (!domain || others.length > 0 || user.domains.some((d) => d !== domain)) return NOTHING;
    return { kind: 'departments', domain, departments: [...user.departments] };
  }
  if (user.domains.length > 0) return { kind: 'tenants', domains: [...user.domains] };
  // Officers of a separated installation with no enterprise (the built-in ones) serve the platform.
  if (user.isOpenSecurity && user.type && PLATFORM_OFFICERS.includes(user.type)) return { kind: 'platform' };
  // A developer (or an administrator of no enterprise) reaches no tenant: only itself.
  return NOTHING;
}

export const isPlatform = (reach: Reach): boolean => reach.kind === 'platform';

/** May read the enterprise itself (its record, its departments within reach, its option lists). */
export function seesDomain(reach: Reach, domainId: string): boolean {
  if (reach.kind === 'platform') return true;
  if (reach.kind === 'tenants') return reach.domains.includes(domainId);
  return reach.domain === domainId;
}

/** Tenant-wide rights over the enterprise: edit it, its extension fields, its files, its SMS. A
 *  department-level user sees its enterprise but governs none. */
export function governsDomain(reach: Reach, domainId: string): boolean {
  if (reach.kind === 'platform') return true;
  return reach.kind === 'tenants' && reach.domains.includes(domainId);
}

/** The enterprises a query may return: null for all of them. */
export function visibleDomains(reach: Reach): readonly string[] | null {
  if (reach.kind === 'platform') return null;
  return reach.kind === 'tenants' ? reach.domains : [reach.domain];
}

/** The enterprises the caller governs: null for all of them. */
export function governedDomains(reach: Reach): readonly string[] | null {
  if (reach.kind === 'platform') return null;
  return reach.kind === 'tenants' ? reach.domains : [];
}
