// Searches of one or two characters over users' names and login numbers (docs/adr/0115-short-fragment-search.md),
// on both databases: the pieces index finds exactly what the LIKE of every other search finds (Chinese
// names, any case, %, _ and \ as themselves), through the users list as through the SQL, and the
// planner can read the index (the statement names the index's own expression).
import { randomUUID } from 'node:crypto';
import { sql, type Expression } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsIndexedText, containsText } from '../../src/server/db/contains-text.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { listUsers, tenantWithHq } from './helpers/user-calls.ts';

const targets = await databaseTargets();

const NAMES = ['张伟', '王伟明', '伟', 'Mark Lee', 'MARTHA', 'Ärger', '50%_off', 'a_b\\c', '%', 'x'];
const FRAGMENTS = [
  '伟',
  '张伟',
  '伟明',
  'ar',
  'AR',
  'Ä',
  'ä',
  '%',
  '0%',
  '%_',
  '_',
  '\\',
  'b\\',
  '\\c',
  'e',
  'z',
  'a_',
];

describe.each(targets)('short fragment search on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    let departmentId: string;
    ({ tenantId, departmentId } = await tenantWithHq(server.db, 'Short'));
    await server.db
      .insertInto('users')
      .values(
        NAMES.map((name, i) => ({
          id: randomUUID(),
          domain_id: tenantId,
          department_id: departmentId,
          name,
          loginno: `s${i}${name.length === 1 ? 'Ar' : ''}`,
        })),
      )
      .execute();
  });
  afterAll(() => server?.close());

  const found = async (where: (column: Expression<unknown>) => Expression<unknown>) =>
    (
      await server.db
        .selectFrom('users as u')
        .select('u.name')
        .where('u.domain_id', '=', tenantId)
        .where(() => where(sql.ref('u.name')) as never)
        .orderBy('u.name')
        .execute()
    ).map((u) => u.name);

  it.each(FRAGMENTS)('finds %s as the LIKE of every search does', async (fragment) => {
    expect(await found((c) => containsIndexedText(c, fragment))).toEqual(await found((c) => containsText(c, fragment)));
  });

  it('answers the users list and its keyword by the same rule', async () => {
    const names = async (body: Record<string, string>) => {
      const { reply } = await listUsers(admin, tenantId, body, { pagelines: 100 });
      expect(reply.errcode, reply.errmsg).toBe(0);
      return { count: reply.data.rowCount, names: reply.data.datas.map((u) => u.name).sort() };
    };
    expect(await names({ name: '张伟' })).toEqual({ count: 1, names: ['张伟'] });
    expect(await names({ name: '伟' })).toEqual({ count: 3, names: ['伟', '张伟', '王伟明'].sort() });
    expect(await names({ name: 'aR' })).toEqual({ count: 2, names: ['MARTHA', 'Mark Lee'] });
    expect(await names({ name: '%_' })).toEqual({ count: 1, names: ['50%_off'] });
    expect(await names({ name: '_' })).toEqual({ count: 2, names: ['50%_off', 'a_b\\c'] });
    // The keyword is the name or the login number: "ar" also finds the one-character names by login.
    expect((await names({ keyword: 'ar' })).count).toBe(2 + NAMES.filter((n) => n.length === 1).length);
    expect(await names({ loginno: 's1' })).toEqual({ count: 1, names: ['王伟明'] });
  });

  it('lets the planner read the pieces index for a two-character search', async () => {
    const plan = await server.db.transaction().execute(async (trx) => {
      // Only a bitmap scan left: it names the index it reads (no index, no such plan).
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan'])
        await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      const { rows } = await sql<Record<string, string>>`explain select id from users u where ${containsIndexedText(
        sql.ref('u.name'),
        '张伟',
      )}`.execute(trx);
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('users_name_grams_idx');
  });
});
