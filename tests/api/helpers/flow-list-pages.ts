// What the monitoring list's paging tests share (tests/api/flow-deep-pages.test.ts,
// flow-start-days-and-summary-words.test.ts): a server per database with an engine world, one instance
// started through the runtime and thousands of copies of it; a page as the list's call answers it, and
// the same page as an offset and a count over the application's instances give it, in the list's order
// (last activity, newest first, ties by id).
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DB } from '../../../src/server/db/schema.ts';
import type { ApiClient } from './api-client.ts';
import type { DatabaseTarget } from './databases.ts';
import { makeEngineWorld, runtimeAccess, type EngineWorld } from './engine-world.ts';
import { runtimeOf, type Runtime } from './runtime-calls.ts';
import { signedInCallers, startTestServer, type TestServer } from './test-server.ts';

/** The ids of a page and the total it counts. */
export interface ListPage {
  ids: string[];
  rowCount: number;
}

/** A condition on the instances, beside their application and their not being deleted. */
export type InstanceCondition = (eb: ExpressionBuilder<DB, 'flow_instances'>) => Expression<SqlBool>;

/** The columns of the copies an expression over their number `n` may set; the rest are the instance's. */
type Copied = 'summary' | 'status' | 'started_at' | 'updated_at';

export interface PagedList {
  readonly server: TestServer;
  readonly world: EngineWorld;
  /** Starts an instance of the world's `linear` process as its initiator. */
  start(summary: string): Promise<string>;
  /** The page the monitoring list's call answers for `search`. */
  listed(page: number, search?: Record<string, string>): Promise<ListPage>;
  /** The page and total an offset and a count give over the instances `where` keeps (all without it). */
  offsetPage(page: number, where?: InstanceCondition): Promise<ListPage>;
}

/** Starts a server on `target` before the describe's tests, with an engine world of Acme whose codes start
 *  with `prefix`, an instance summarised `seed.summary` and `seed.copies` copies of it (ids `<prefix>-00001`
 *  on, `seed.columns` computed over their number `n`); pages of `lines` rows. Closes it after them. */
export function pagedList(
  target: DatabaseTarget,
  prefix: string,
  lines: number,
  seed: { summary: string; copies: number; columns: Partial<Record<Copied, RawBuilder<unknown>>> },
): PagedList {
  let server: TestServer;
  let world: EngineWorld;
  let runtime: Runtime;
  let acme: ApiClient;
  const start = (summary: string) => runtime.start('linear', `${prefix}-init`, { summary });
  beforeAll(async () => {
    server = await startTestServer(target);
    world = await makeEngineWorld(server.db, 'Acme', prefix);
    runtime = runtimeOf(server, world, await runtimeAccess(server.db, world));
    ({ acme } = await signedInCallers(server));
    const first = await start(seed.summary);
    const column = (name: Copied) => seed.columns[name] ?? sql.ref(name);
    await sql`insert into flow_instances (id, domain_id, application_id, process_id, version_id, title, summary,
        status, initiator_id, started_at, updated_at, state_label, state_nodes)
      select ${`${prefix}-`} || lpad(n::text, 5, '0'), domain_id, application_id, process_id, version_id, title,
        ${column('summary')}, ${column('status')}, initiator_id, ${column('started_at')}, ${column('updated_at')},
        state_label, state_nodes
      from flow_instances, generate_series(1, ${seed.copies}) n where id = ${first}`.execute(server.db);
  });
  afterAll(() => server?.close());

  return {
    get server() {
      return server;
    },
    get world() {
      return world;
    },
    start,
    async listed(page, search = {}) {
      const { reply } = await acme.call<{ datas: { id: string }[]; rowCount: number }>(
        'POST',
        `/authtime/domain/${world.domainId}/workflow/flowstaterts`,
        { body: { application: world.applicationId, ...search }, query: { currpage: page, pagelines: lines } },
      );
      expect(reply.errcode, reply.errmsg).toBe(0);
      return { ids: reply.data!.datas.map((r) => r.id), rowCount: reply.data!.rowCount };
    },
    async offsetPage(page, where) {
      const query = server.db
        .selectFrom('flow_instances')
        .where('application_id', '=', world.applicationId)
        .where('status', '<>', 'deleted')
        .$if(where !== undefined, (q) => q.where(where!));
      const rows = await query
        .select('id')
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(lines)
        .offset((page - 1) * lines)
        .execute();
      const { n } = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return { ids: rows.map((r) => r.id), rowCount: Number(n) };
    },
  };
}
