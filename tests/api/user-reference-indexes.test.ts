// Every column that points at a user is looked up by an index (docs/adr/0218-user-references-indexed-lean-import-worker.md),
// on both databases: a user's delete checks the user holds no task and clears the proxies it stood
// for, and each foreign key to users runs its ON DELETE action (or its check) by that column. With
// sequential scans priced out, a statement without an index still reads the table (its plan says
// Seq Scan), so a dropped index or a new foreign key left without one fails here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowParticipants } from '../../src/server/areas/users/row-changes.ts';
import { proxiesCleared } from '../../src/server/areas/users/save-user.ts';
import type { Db } from '../../src/server/db/schema.ts';
import { databaseTargets, type TestDatabase } from './helpers/databases.ts';

const targets = await databaseTargets();

describe.each(targets)('user references looked up by index on $name', (target) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await target.open(mkdtempSync(join(tmpdir(), 'atrium-user-refs-')));
    db = database.database.db;
  }, 120_000);
  afterAll(() => database?.dispose());

  /** The statement's plan, with sequential scans priced out. */
  const planOf = (statement: (trx: Db) => CompiledQuery) =>
    db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
      const { sql: text, parameters } = statement(trx);
      const { rows } = await trx.executeQuery(CompiledQuery.raw(`explain ${text}`, [...parameters]));
      return rows.map((r) => String(Object.values(r as object)[0])).join('\n');
    });

  it("reads a user's tasks and the proxies it stands for by index when the user is deleted", async () => {
    const participants = await planOf((trx) => workflowParticipants(trx, ['u-gone']).compile());
    expect(participants).toContain('flow_tasks_assignee_status_idx');
    expect(participants).not.toContain('Seq Scan');
    const proxies = await planOf((trx) => proxiesCleared(trx, ['u-gone']).compile());
    expect(proxies).toContain('users_proxy_user_idx');
  });

  it('runs every foreign key to users by an index of its column', async () => {
    const { rows } = await sql<{ tbl: string; col: string }>`
      select c.conrelid::regclass::text as tbl, a.attname as col
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'users'::regclass
      order by 1, 2`.execute(db);
    // The columns this test is about are among them (the catalogue read found the foreign keys).
    expect(rows.map((r) => `${r.tbl}.${r.col}`)).toEqual(
      expect.arrayContaining(['flow_tasks.assignee_id', 'flow_history.actor_id', 'users.proxy_user_id']),
    );
    const scanned: string[] = [];
    for (const { tbl, col } of rows) {
      // The lookup PostgreSQL's ON DELETE action and its check make, by the deleted user's id.
      const plan = await planOf((trx) =>
        sql`select 1 from only ${sql.table(tbl)} where ${sql.ref(col)} = ${'u-gone'}`.compile(trx),
      );
      if (plan.includes('Seq Scan')) scanned.push(`${tbl}.${col}`);
    }
    expect(scanned).toEqual([]);
  });
});
