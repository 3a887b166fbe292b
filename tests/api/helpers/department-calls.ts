// Shorthands for the department calls the tests repeat, typed from the catalogue's generated types.
import type { Department, DepartmentNode, DepartmentPage, UserPage } from '../../../src/core/generated/api-types.ts';
import type { Db } from '../../../src/server/db/schema.ts';
import type { ApiClient } from './api-client.ts';

export type Body = Record<string, unknown>;
type Query = Record<string, string | number>;

export const departmentCalls = (client: ApiClient) => ({
  root: (domainId: string, query: Query = {}) =>
    client.call<DepartmentNode[]>('GET', `/authtime/domain/${domainId}/department/root`, { query }),
  children: (domainId: string, depid: string, query: Query = {}) =>
    client.call<DepartmentNode[]>('GET', `/authtime/domain/${domainId}/department/${depid}/subdepartments`, { query }),
  get: (id: string) => client.call<Department & Body>('GET', `/authtime/department/${id}`),
  create: (domainId: string, body: Body) =>
    client.call<Department & Body>('POST', `/authtime/domain/${domainId}/department`, { body }),
  update: (domainId: string, id: string, body: Body) =>
    client.call<Department & Body>('PUT', `/authtime/domain/${domainId}/department/${id}`, { body }),
  remove: (domainId: string, ids: string[]) =>
    client.call<{ deleted: number }>('DELETE', `/authtime/domain/${domainId}/department`, { body: ids }),
  list: (domainId: string, query: Query = {}, body: Body = {}) =>
    client.call<DepartmentPage>('POST', `/authtime/domain/${domainId}/departments`, {
      query: { currpage: 1, pagelines: 100, ...query },
      body,
    }),
  users: (id: string, query: Query = {}) => client.call<UserPage>('GET', `/authtime/department/${id}/users`, { query }),
});

let serial = 0;
/** A name the shared rule accepts (at most 22 characters) and no other test uses. */
export const deptName = (prefix: string) =>
  `${prefix.slice(0, 10)}_${Date.now().toString(36).slice(-5)}${(serial += 1)}`;

/** The id of a seeded department of a tenant, by names. */
export async function seededDepartment(
  db: Db,
  domainName: string,
  name: string,
): Promise<{ domainId: string; id: string }> {
  const row = await db
    .selectFrom('departments as d')
    .innerJoin('domains as o', 'o.id', 'd.domain_id')
    .select(['d.id', 'o.id as domainId'])
    .where('o.name', '=', domainName)
    .where('d.name', '=', name)
    .executeTakeFirstOrThrow();
  return { domainId: row.domainId, id: row.id };
}
