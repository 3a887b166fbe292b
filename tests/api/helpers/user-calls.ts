// Shorthands for the calls on a tenant's users the tests repeat; passwords travel in the wire
// encoding, as the console sends them.
import { randomUUID } from 'node:crypto';
import { encodePassword } from '../../../src/core/password-codec.ts';
import type { Db } from '../../../src/server/db/schema.ts';
import type { ApiClient } from './api-client.ts';

export interface UserData {
  id: string;
  name: string;
  loginno: string;
  email: string;
  telephone: string;
  departmentid: string;
  departmentName: string;
  proxyuserid: string;
  proxyStart: string;
  proxyEnd: string;
  status: number;
  isdomainadmin: boolean;
  password: string;
  domainid: string;
  [extension: string]: unknown;
}
export type UserPage = { datas: UserData[]; rowCount: number };
export type BatchResult = { results: Array<{ id: string; name: string; ok: boolean; message?: string }> };

/** A body with the passwords wire-encoded (a plain valid one unless given). */
export function userBody(fields: Record<string, unknown>): Record<string, unknown> {
  const plain = {
    password: 'Secret@2026',
    confirmpwd: (fields.password as string | undefined) ?? 'Secret@2026',
    ...fields,
  };
  const out: Record<string, unknown> = { ...plain };
  for (const name of ['password', 'confirmpwd'])
    if (typeof out[name] === 'string') out[name] = encodePassword(out[name] as string);
  return out;
}

export function listUsers(
  client: ApiClient,
  domainId: string,
  body: Record<string, unknown> = {},
  query: Record<string, string | number> = {},
) {
  return client.call<UserPage>('POST', `/authtime/domain/${domainId}/users`, {
    query: { currpage: 1, pagelines: 20, ...query },
    body,
  });
}
export const createUser = (client: ApiClient, domainId: string, fields: Record<string, unknown>) =>
  client.call<UserData>('POST', `/authtime/domain/${domainId}/user`, { body: userBody(fields) });
export const updateUser = (client: ApiClient, domainId: string, fields: Record<string, unknown>) =>
  client.call<UserData>('PUT', `/authtime/domain/${domainId}/user`, { body: userBody(fields) });
export const getUser = (client: ApiClient, domainId: string, id: string) =>
  client.call<UserData>('GET', `/authtime/domain/${domainId}/user/${id}`);
export const deleteUsers = (client: ApiClient, domainId: string, ids: string[]) =>
  client.call<{ deleted: number }>('DELETE', `/authtime/domain/${domainId}/user`, { body: ids });
export const batchUsers = (client: ApiClient, userIds: string[], fields: Record<string, unknown>) =>
  client.call<BatchResult>('POST', '/authtime/user/batch', { body: { userIds, fields } });
export const resignUsers = (client: ApiClient, userIds: string[]) =>
  client.call<BatchResult>('PUT', '/authtime/user/abandonment', { body: { userIds } });

/** Login numbers are at most 15 characters: a unique one per test. */
export const uniqueLoginno = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`.slice(0, 15);

/** A department of a tenant by their names. */
export async function departmentOf(db: Db, domain: string, department: string): Promise<string> {
  const row = await db
    .selectFrom('departments as d')
    .innerJoin('domains as o', 'o.id', 'd.domain_id')
    .select('d.id')
    .where('o.name', '=', domain)
    .where('d.name', '=', department)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new tenant with its top department (HQ), written straight to the store for tests that fill it
 *  with many users by SQL. */
export async function tenantWithHq(db: Db, prefix: string): Promise<{ tenantId: string; departmentId: string }> {
  const tenantId = randomUUID();
  const departmentId = randomUUID();
  await db
    .insertInto('domains')
    .values({ id: tenantId, name: `${prefix}_${tenantId.slice(0, 6)}` })
    .execute();
  await db
    .insertInto('departments')
    .values({ id: departmentId, domain_id: tenantId, superior_id: null, name: 'HQ', code: 'HQ', level: 0 })
    .execute();
  return { tenantId, departmentId };
}
