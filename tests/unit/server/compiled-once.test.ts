// Statements built once (docs/adr/0081-submissions-pipelined-begin-commit.md): the text compiled at the first use, each later use only binds its
// values; a builder that changes a value instead of passing it through is refused, not frozen in.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { compiledOnce } from '../../../src/server/db/compiled-once.ts';
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
