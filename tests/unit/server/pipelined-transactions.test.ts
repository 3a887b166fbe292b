// Pipelined transactions (docs/adr/0081-submissions-pipelined-begin-commit.md): `begin` leaves with the unit's first statement, `commit` with a statement
// marked as the unit's last; what each answers, and what is refused, against a recorded wire.
import { describe, expect, it } from 'vitest';
import { COMMIT_AFTER, PipelinedTransactions } from '../../../src/server/db/pipelined-transactions.ts';

interface Reply {
  command: string;
  rows: unknown[];
}

/** A connection that records each write (the texts sent together) and answers each text as `answer` says. */
function wire(
  answer: (text: string) => Promise<Reply> = (text) =>
    Promise.resolve({ command: text.split(' ')[0].toUpperCase(), rows: [text] }),
) {
  const writes: string[][] = [];
  let current: string[] | undefined;
  const send = (text: string) => {
    if (current) current.push(text);
    else writes.push([text]);
    return answer(text);
  };
  const transactions = new PipelinedTransactions<Reply>((write) => {
    current = [];
    try {
      return write();
    } finally {
      writes.push(current);
      current = undefined;
    }
  });
  return { writes, run: (text: string) => transactions.statement(text, send) };
}

const LAST = `${COMMIT_AFTER}update x set y = 1`;

describe('PipelinedTransactions', () => {
  it('sends begin with the first statement and commit with the last, each in one write', async () => {
    const { writes, run } = wire();
    expect(await run('begin')).toMatchObject({ command: 'BEGIN', rows: [] });
    expect(writes).toEqual([]); // nothing sent yet
    expect(await run('select 1')).toMatchObject({ rows: ['select 1'] });
    expect(await run('select 2')).toMatchObject({ rows: ['select 2'] });
    expect(await run(LAST)).toMatchObject({ rows: [LAST] });
    expect(await run('commit')).toMatchObject({ command: 'COMMIT' });
    expect(writes).toEqual([['begin', 'select 1'], ['select 2'], [LAST, 'commit']]);
  });

  it('sends nothing for a unit that ends before its first statement', async () => {
    const { writes, run } = wire();
    await run('begin');
    expect(await run('rollback')).toMatchObject({ command: 'ROLLBACK' });
    await run('begin');
    expect(await run('commit')).toMatchObject({ command: 'COMMIT' });
    expect(writes).toEqual([]);
  });

  it('reports a failed begin as the first statement’s failure', async () => {
    const { run } = wire((text) =>
      text === 'begin'
        ? Promise.reject(new Error('connection lost'))
        : Promise.resolve({ command: 'SELECT', rows: [] }),
    );
    await run('begin');
    await expect(run('select 1')).rejects.toThrow('connection lost');
  });

  it('answers the unit’s rollback, after its last statement failed, with the commit sent along (PostgreSQL rolled back)', async () => {
    const { writes, run } = wire((text) =>
      text === LAST
        ? Promise.reject(new Error('violates a constraint'))
        : Promise.resolve({ command: text === 'commit' ? 'ROLLBACK' : 'SELECT', rows: [] }),
    );
    await run('begin');
    await run('select 1');
    await expect(run(LAST)).rejects.toThrow('violates a constraint');
    expect(await run('rollback')).toMatchObject({ command: 'ROLLBACK' });
    expect(writes.flat().filter((t) => t === 'rollback')).toEqual([]); // the unit had ended on the server
  });

  it('refuses a statement after the last one: it would run outside its unit', async () => {
    const { writes, run } = wire();
    await run('begin');
    await run(LAST);
    await expect(run('insert into y values (1)')).rejects.toThrow("a statement after its unit's commit");
    expect(writes.flat()).not.toContain('insert into y values (1)');
    // The connection goes on with the next unit.
    await run('begin');
    await run('select 3');
    expect(writes.at(-1)).toEqual(['begin', 'select 3']);
  });

  it('leaves statements outside a transaction as they are', async () => {
    const { writes, run } = wire();
    await run('select 1');
    await run('listen x');
    expect(writes).toEqual([['select 1'], ['listen x']]);
  });
});
