// Shorthands for the domain calls the tests repeat.
import type { ApiClient } from './api-client.ts';

export interface DomainData {
  id: string;
  name: string;
  systemName: string;
  smsMemberCode: string;
  smsMemberPwd: string;
  description: string;
  logoUrl: string;
  status: number;
  users: Array<{ id: string; username: string }>;
}

export interface DomainPage {
  datas: DomainData[];
  rowCount: number;
  newButtonShow: boolean;
  showLdapButton: boolean;
}

export function listDomains(client: ApiClient, body: Record<string, unknown> = {}, page: { currpage?: number; pagelines?: number } = {}) {
  return client.call<DomainPage>('POST', '/authtime/domains', { query: { currpage: page.currpage ?? 1, pagelines: page.pagelines ?? 100 }, body });
}

export function createDomain(client: ApiClient, body: Record<string, unknown>) {
  return client.call<DomainData>('POST', '/authtime/domain', { body });
}

export function updateDomain(client: ApiClient, id: string, body: Record<string, unknown>) {
  return client.call<DomainData>('PUT', `/authtime/domain/${id}`, { body });
}

export function getDomain(client: ApiClient, id: string) {
  return client.call<DomainData>('GET', `/authtime/domain/${id}`);
}

export function deleteDomains(client: ApiClient, ids: string[]) {
  return client.call<{ deleted: number }>('DELETE', '/authtime/domain', { body: ids });
}

/** Enterprise names must be ≤ 22 of [Han, letters, digits, _]: a unique one per test. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 22);
}
