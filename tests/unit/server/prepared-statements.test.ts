// Prepared statements (docs/adr/0077-submissions-prepared-statements.md): the statements built on `preparing(db)` end with the mark, whatever their
// kind; the pool names each marked text once (and no other), within a bound, and prepares a text
// afresh under a new name when PostgreSQL refuses its cached plan.
import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { PREPARED_MARK, preparing, StatementNames } from '../../../src/server/db/prepared-statements.ts';
import type { Db } from '../../../src/server/db/schema.ts';

const db = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
}) as unknown as Db;

describe('preparing', () => {
  const marked = preparing(db);

  it('ends every kind of statement with the mark, and leaves the plain database as it was', () => {
    const texts = [
      marked.selectFrom('flow_instances').select('id').where('id', '=', 'x').forUpdate().compile().sql,
      marked.updateTable('flow_tasks').set({ status: 'done' }).where('id', '=', 'x').returning('id').compile().sql,
      marked
        .insertInto('flow_tokens')
        .values({ id: 'a', instance_id: 'b', node_id: 'c', state: 'active', via_flow: null })
        .compile().sql,
      marked.deleteFrom('flow_tokens').where('id', '=', 'x').compile().sql,
      sql`select ${1} as one`.compile(marked).sql,
    ];
    for (const text of texts) expect(text.endsWith(` ${PREPARED_MARK}`)).toBe(true);
    expect(texts[0]).toMatch(/for update \/\* prepared \*\/$/);
    expect(db.selectFrom('flow_instances').select('id').compile().sql).not.toContain(PREPARED_MARK);
  });
});

describe('StatementNames', () => {
  const text = `select 1 ${PREPARED_MARK}`;

  it('names a marked text, the same name every time, and no unmarked one', () => {
    const names = new StatementNames(true);
    const name = names.nameOf(text);
    expect(name).toMatch(/^atrium_\d+$/);
    expect(names.nameOf(text)).toBe(name);
    expect(names.nameOf(`select 2 ${PREPARED_MARK}`)).not.toBe(name);
    expect(names.nameOf('select 1')).toBeUndefined();
  });

  it('names none when switched off', () => {
    expect(new StatementNames(false).nameOf(text)).toBeUndefined();
  });

  it('stops naming new texts at its bound (the named ones keep their names)', () => {
    const names = new StatementNames(true);
    const first = names.nameOf(text);
    let named = 1;
    for (let n = 0; n < 1000; n++) if (names.nameOf(`select ${n} + 1 ${PREPARED_MARK}`)) named++;
    expect(named).toBe(300);
    expect(names.nameOf(text)).toBe(first);
  });

  it('gives a text a new name when its cached plan is refused (0A000), not for other errors', () => {
    const names = new StatementNames(true);
    const first = names.nameOf(text);
    names.failed(text, { code: '23505' });
    expect(names.nameOf(text)).toBe(first);
    names.failed(text, { code: '0A000' });
    const second = names.nameOf(text);
    expect(second).toMatch(/^atrium_\d+$/);
    expect(second).not.toBe(first);
  });
});
