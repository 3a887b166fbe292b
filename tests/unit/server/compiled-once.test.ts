// Statements built once (docs/adr/0081-submissions-pipelined-begin-commit.md): the text compiled at the first use, each later use only binds its
// values; a builder that changes a value instead of passing it through is refused, not frozen in.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  Kysely,
  sql,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { compiledOnce, compiledPerShape } from '../../../src/server/db/compiled-once.ts';
import type { Db } from '../../../src/server/db/schema.ts';

/** A database that records what it is asked and answers one row with the parameters. */
function recording() {
  const asked: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      asked.push(query);
      return { rows: [{ parameters: query.parameters }] as never[] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }) as unknown as Db;
  return { db, asked };
}

describe('compiledOnce', () => {
  it('builds once, then runs the same text with each use’s values, constants kept', async () => {
    let builds = 0;
    const byLogin = compiledOnce(['domain', 'login'], (db, v: { domain: string; login: string }) => {
      builds++;
      return db
        .selectFrom('users')
        .select('id')
        .where('domain_id', '=', v.domain)
        .where('loginno', '=', v.login)
        .where('status', '=', 1);
    });
    const { db, asked } = recording();
    expect(await byLogin(db, { domain: 'd1', login: 'ann' })).toEqual([{ parameters: ['d1', 'ann', 1] }]);
    expect(await byLogin(db, { domain: 'd2', login: 'bob' })).toEqual([{ parameters: ['d2', 'bob', 1] }]);
    expect(builds).toBe(1);
    expect(asked[0].sql).toBe(asked[1].sql);
    expect(asked[0].sql).toBe('select "id" from "users" where "domain_id" = $1 and "loginno" = $2 and "status" = $3');
  });

  it('refuses a builder that changes a value instead of passing it through', async () => {
    const { db } = recording();
    const hashed = compiledOnce(['token'], (d, v: { token: string }) =>
      d
        .selectFrom('api_tokens')
        .select('domain_id')
        .where('token_hash', '=', createHash('sha256').update(v.token).digest('hex')),
    );
    await expect(hashed(db, { token: 't' })).rejects.toThrow('token not passed through as given');
    const lowered = compiledOnce(['login'], (d, v: { login: string }) =>
      d.selectFrom('users').select('id').where('loginno', '=', v.login.toLowerCase()),
    );
    await expect(lowered(db, { login: 'Ann' })).rejects.toThrow('login not passed through as given');
  });
});

describe('compiledPerShape', () => {
  it('builds once per shape; values of any kind bound to that shape’s text', async () => {
    const built: string[] = [];
    const byKind = compiledPerShape(
      (shape: { kind: string }) => shape.kind,
      (_db, { kind }, v: { domain: string; at: Date; batch: string | null; unused?: string }) => {
        built.push(kind);
        return sql`select id from users where domain_id = ${v.domain} and kind = ${kind} and at < ${v.at}::timestamptz and batch = ${v.batch}::text`;
      },
    );
    const { db, asked } = recording();
    const at = new Date('2026-11-30T00:00:00Z');
    expect(await byKind(db, { kind: 'role' }, { domain: 'd1', at, batch: null })).toEqual([
      { parameters: ['d1', 'role', at, null] },
    ]);
    expect(await byKind(db, { kind: 'role' }, { domain: 'd2', at, batch: 'b' })).toEqual([
      { parameters: ['d2', 'role', at, 'b'] },
    ]);
    expect(await byKind(db, { kind: 'user' }, { domain: 'd3', at, batch: null, unused: 'x' })).toEqual([
      { parameters: ['d3', 'user', at, null] },
    ]);
    expect(built).toEqual(['role', 'user']);
    expect(asked[0].sql).toBe(asked[1].sql);
  });

  it('refuses a builder that changes a value it reads', async () => {
    const { db } = recording();
    const lowered = compiledPerShape(
      () => '',
      (d, _shape: object, v: { login: string }) =>
        d.selectFrom('users').select('id').where('loginno', '=', v.login.toLowerCase()),
    );
    await expect(lowered(db, {}, { login: 'Ann' })).rejects.toThrow('login not passed through as given');
  });
});
