// A plain users list's deep pages start after a kept anchor instead of skipping every user before them
// (docs/adr/0115-short-fragment-search.md), on both databases: every page around and past the anchors is the
// page the offset gives, in the default order with ties on order number and name, for the tenant and one
// department, and again after a change moves every user by one. A server without the list cache keeps
// the anchors too, checked by the list's stamp (docs/adr/0198-users-list-anchors-and-cost.md): after an
// insert, a rename, a move to another department and a delete, none of which it is told of, its pages
// are still the offset's.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from './helpers/api-client.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import { listUsers } from './helpers/user-calls.ts';
import { PREPARED_MARK } from '../../src/server/db/prepared-statements.ts';
import { userPageStatement, type UserFilter } from '../../src/server/areas/users/queries.ts';

const targets = await databaseTargets();
const USERS = 2_600;
const LINES = 20;

describe.each(targets)('users deep pages on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const tenantId = randomUUID();
  const departments = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    await server.db
      .insertInto('domains')
      .values({ id: tenantId, name: `Deep_${tenantId.slice(0, 6)}` })
      .execute();
    await server.db
      .insertInto('departments')
      .values(
        departments.map((id, i) => ({
          id,
          domain_id: tenantId,
          superior_id: null,
          name: `D${i}`,
          code: `D${i}`,
          level: 0,
        })),
      )
      .execute();
    // Few order numbers and names, so ties are decided by the next column, down to the id.
    await sql`insert into users (id, domain_id, department_id, name, loginno, order_no)
      select 'deep-' || lpad(n::text, 5, '0'), ${tenantId}, (${sql.val(departments)}::text[])[1 + n % 2],
        'Name ' || (n % 7), 'deep' || n, n % 3
      from generate_series(1, ${USERS}) n`.execute(server.db);
  });
  afterAll(() => server?.close());

  /** The ids of the page as the offset gives them. */
  async function expected(page: number, departmentId?: string) {
    const rows = await server.db
      .selectFrom('users')
      .select('id')
      .where('domain_id', '=', tenantId)
      .$if(departmentId !== undefined, (q) => q.where('department_id', '=', departmentId!))
      .orderBy('order_no')
      .orderBy('name')
      .orderBy('id')
      .limit(LINES)
      .offset((page - 1) * LINES)
      .execute();
    return rows.map((r) => r.id);
  }

  async function listed(page: number, departmentId?: string, client = admin) {
    const query: Record<string, string | number> = { currpage: page, pagelines: LINES };
    if (departmentId) query.departmentid = departmentId;
    const { reply } = await listUsers(client, tenantId, {}, query);
    expect(reply.errcode, reply.errmsg).toBe(0);
    return { ids: reply.data.datas.map((u) => u.id), rowCount: reply.data.rowCount };
  }

  // Pages 50 and 51 meet the first anchor (user 1,000), 100 and 101 the second; 130 is the last, 131 past it.
  const PAGES = [1, 49, 50, 51, 52, 99, 100, 101, 130, 131];

  it('answers every page as the offset does', async () => {
    for (const page of PAGES) {
      const got = await listed(page);
      expect(got.ids, `page ${page}`).toEqual(await expected(page));
      expect(got.rowCount).toBe(USERS);
    }
    for (const page of [1, 50, 51, 65, 66])
      expect((await listed(page, departments[1])).ids).toEqual(await expected(page, departments[1]));
  });

  it('answers the pages after a change as the offset does', async () => {
    await server.db
      .insertInto('users')
      .values({
        id: 'deep-00000',
        domain_id: tenantId,
        department_id: departments[0],
        name: 'Name 0',
        loginno: 'deep0',
        order_no: 0,
      })
      .execute();
    for (const page of PAGES) expect((await listed(page)).ids, `page ${page}`).toEqual(await expected(page));
  });

  it('answers the offset pages without the list cache, whatever changed since its anchors', async () => {
    const reading = await server.secondInstance({ listCache: false });
    const client = await reading.signedIn(ADMIN.username, ADMIN.password, 'en');
    const check = async (when: string) => {
      for (const page of PAGES)
        expect((await listed(page, undefined, client)).ids, `${when}, page ${page}`).toEqual(await expected(page));
      for (const page of [50, 51, 65])
        expect((await listed(page, departments[1], client)).ids, `${when}, department page ${page}`).toEqual(
          await expected(page, departments[1]),
        );
    };
    await check('first read');
    await server.db
      .insertInto('users')
      .values({
        id: 'deep-0000a',
        domain_id: tenantId,
        department_id: departments[1],
        name: 'Name 0',
        loginno: 'deep0a',
        order_no: 0,
      })
      .execute();
    await check('after an insert');
    // Renamed to sort last among order number 0: every user between its old and new place moves up one.
    await server.db.updateTable('users').set({ name: 'Name 9' }).where('id', '=', 'deep-00003').execute();
    await check('after a rename');
    await server.db
      .updateTable('users')
      .set({ department_id: departments[0] })
      .where('id', '=', 'deep-00009')
      .execute();
    await check('after a move');
    await server.db.deleteFrom('users').where('id', '=', 'deep-00012').execute();
    await check('after a delete');
  });

  // The whole tenant's list is prepared, a department's list and a search are planned for their values
  // (docs/adr/0201-list-statements-prepared.md); on PostgreSQL the tenant's pages run as one named
  // statement (which plan PostgreSQL keeps is its choice), with the offset's answers. PGlite prepares none.
  it("prepares the whole tenant's list, not a department's or a search", async () => {
    const marked = async (filter: UserFilter) =>
      (await userPageStatement(server.db, tenantId, null, filter, { currpage: 2, lines: LINES }))
        .compile()
        .sql.endsWith(PREPARED_MARK);
    expect(await marked({})).toBe(true);
    expect(await marked({ departmentId: departments[0] })).toBe(false);
    expect(await marked({ name: 'Name 1' })).toBe(false);
    if (target.name !== 'postgres') return;
    const plans = await server.db.connection().execute(async (one) => {
      const page = (n: number) => userPageStatement(one, tenantId, null, {}, { currpage: n, lines: LINES });
      for (let n = 1; n <= 8; n++)
        expect((await (await page(n)).execute()).map((r) => r.id)).toEqual(await expected(n));
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
        select generic_plans::int, custom_plans::int from pg_prepared_statements
        where statement = ${(await page(1)).compile().sql}`.execute(one);
      return rows;
    });
    expect(plans).toHaveLength(1);
    expect(plans[0].generic_plans + plans[0].custom_plans).toBeGreaterThanOrEqual(8);
  });
});
