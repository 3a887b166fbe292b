// Shorthands for the extension field calls the tests repeat.
import type { ApiClient } from './api-client.ts';
import type { FieldExtendReply } from '../../../src/server/areas/field-extends/field-extend-record.ts';

export type { FieldExtendReply };

export function listFields(client: ApiClient, body: Record<string, unknown> = {}, query: Record<string, unknown> = {}) {
  return client.call<{ datas: FieldExtendReply[]; rowCount: number }>('POST', '/authtime/domain/fieldextends', {
    query: { currpage: 1, pagelines: 100, ...query },
    body,
  });
}

export function createField(client: ApiClient, body: Record<string, unknown>) {
  return client.call<FieldExtendReply>('POST', '/authtime/domain/fieldextend', { body });
}

export function updateField(client: ApiClient, fid: string, body: Record<string, unknown>) {
  return client.call<FieldExtendReply>('PUT', `/authtime/domain/fieldextend/${fid}`, { body });
}

export function deleteFields(client: ApiClient, entries: string[], domainid?: string) {
  return client.call<{ deleted: number }>('DELETE', '/authtime/domain/fieldextends', {
    body: entries,
    query: domainid ? { domainid } : {},
  });
}

export function unusedFields(client: ApiClient, query: Record<string, string>) {
  return client.call<string[]>('GET', '/authtime/domain/getunusefields', { query });
}

/** The delete entry of a field: name-fid-forTable (spec/domain-console.md, "The calls it makes"). */
export const entryOf = (f: FieldExtendReply) => `${f.name}-${f.fid}-${f.forTable}`;
