// Shorthands for the privileged-user calls the tests repeat; passwords travel in the wire encoding,
// as the console sends them.
import { sql } from 'kysely';
import { encodePassword } from '../../../src/core/password-codec.ts';
import { writeConfig } from '../../../src/server/db/config-store.ts';
import type { Db } from '../../../src/server/db/schema.ts';
import type { ApiClient } from './api-client.ts';

export interface SuperuserData {
  id: string;
  name: string;
  loginno: string;
  password: string;
  confirmpwd: string;
  email: string;
  status: number;
  issuperadmin: boolean;
  isdomainadmin: boolean;
  isdeveloper: boolean;
  type: string;
  domains: string[];
  applications: string[];
  departments: string[];
}

export type SuperuserRow = Omit<
  SuperuserData,
  'password' | 'confirmpwd' | 'domains' | 'applications' | 'departments'
> & { kinds: string[] };

/** A body with the passwords wire-encoded (a plain one of each unless given). */
export function superuserBody(fields: Record<string, unknown>): Record<string, unknown> {
  const plain = {
    password: 'Secret1',
    confirmpwd: (fields.password as string | undefined) ?? 'Secret1',
    email: 'su@atrium.example',
    status: 1,
    ...fields,
  };
  const out: Record<string, unknown> = { ...plain };
  for (const name of ['password', 'confirmpwd'])
    if (typeof out[name] === 'string') out[name] = encodePassword(out[name] as string);
  return out;
}

export function listSuperusers(client: ApiClient, query: Record<string, string | number> = {}) {
  return client.call<{ datas: SuperuserRow[]; rowCount: number }>('GET', '/authtime/superuser', {
    query: { currpage: 1, pagelines: 100, ...query },
  });
}

export function createSuperuser(client: ApiClient, fields: Record<string, unknown>) {
  return client.call<SuperuserData>('POST', '/authtime/superuser', { body: superuserBody(fields) });
}

export function updateSuperuser(client: ApiClient, id: string, fields: Record<string, unknown>) {
  return client.call<SuperuserData>('PUT', `/authtime/superuser/${id}`, { body: superuserBody(fields) });
}

export function getSuperuser(client: ApiClient, id: string) {
  return client.call<SuperuserData>('GET', `/authtime/superuser/${id}`);
}

export function deleteSuperusers(client: ApiClient, ids: string[]) {
  return client.call<{ deleted: number }>('DELETE', '/authtime/superuser', { body: ids });
}

/** Login numbers are at most 15 characters: a unique one per test. */
export function uniqueLoginno(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`.slice(0, 15);
}

export async function idsByName(db: Db, table: 'domains' | 'applications', names: string[]): Promise<string[]> {
  const rows = await db.selectFrom(table).select(['id', 'name']).where('name', 'in', names).execute();
  return names.map((n) => rows.find((r) => r.name === n)!.id);
}

export async function departmentId(db: Db, domainName: string, departmentName: string): Promise<string> {
  const row = await db
    .selectFrom('departments as d')
    .innerJoin('domains as o', 'o.id', 'd.domain_id')
    .select('d.id')
    .where('o.name', '=', domainName)
    .where('d.name', '=', departmentName)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function superuserCount(db: Db): Promise<number> {
  return (
    await db
      .selectFrom('superusers')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
}

/** Security separation is tested on its own; these tests switch it directly in the configuration. */
export function setSecurityMode(db: Db, on: boolean): Promise<void> {
  return writeConfig(db, { isOpenSecurity: on });
}
