// Shorthands for the domain calls the tests repeat.
import type { ApiClient } from './api-client.ts';

// The server's reply shapes, not a copy: a change to them shows up here at type-check time.
export type { DomainReply as DomainData } from '../../../src/server/areas/domains/domain-record.ts';
import type { DomainReply } from '../../../src/server/areas/domains/domain-record.ts';

export interface DomainPage {
  datas: DomainReply[];
  rowCount: number;
  newButtonShow: boolean;
  showLdapButton: boolean;
}

export function listDomains(
  client: ApiClient,
  body: Record<string, unknown> = {},
  page: { currpage?: number; pagelines?: number } = {},
) {
  return client.call<DomainPage>('POST', '/authtime/domains', {
    query: { currpage: page.currpage ?? 1, pagelines: page.pagelines ?? 100 },
    body,
  });
}

export function createDomain(client: ApiClient, body: Record<string, unknown>) {
  return client.call<DomainReply>('POST', '/authtime/domain', { body });
}

export function updateDomain(client: ApiClient, id: string, body: Record<string, unknown>) {
  return client.call<DomainReply>('PUT', `/authtime/domain/${id}`, { body });
}

export function getDomain(client: ApiClient, id: string) {
  return client.call<DomainReply>('GET', `/authtime/domain/${id}`);
}

export function deleteDomains(client: ApiClient, ids: string[]) {
  return client.call<{ deleted: number; admins: number }>('DELETE', '/authtime/domain', { body: ids });
}

/** Enterprise names must be ≤ 22 of [Han, letters, digits, _]: a unique one per test. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 22);
}
