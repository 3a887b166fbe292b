// The monitoring list's kept totals (docs/adr/0070-flow-list-million-instances.md): a large total is counted once for a search and kept a few
// seconds (then answered while the next count runs); a small one is always counted; any change this server makes to an instance (committed or
// not) is counted again; callers asking at once share one count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { flowTotals } from '../../../src/server/areas/flows/list-totals.ts';
import { writingInstances } from '../../../src/server/workflow/instance-writes.ts';
import type { Db } from '../../../src/server/db/schema.ts';

/** A transaction on a database that answers nothing (Kysely's DummyDriver): writingInstances runs the
 *  work on it as the caller's own, and its change notice goes nowhere. */
const dummy = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const inTransaction = <T>(work: (trx: Db) => Promise<T>): Promise<T> =>
  dummy.transaction().execute((trx) => work(trx as unknown as Db));

describe('the flow list totals', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a large total for its search, and counts a small one every time', async () => {
    const totals = flowTotals<number>(true, (n) => n);
    const count = vi.fn(async () => 5000);
    expect(await totals.total('a', count)).toBe(5000);
    expect(await totals.total('a', count)).toBe(5000);
    expect(count).toHaveBeenCalledTimes(1);
    const other = vi.fn(async () => 7000);
    expect(await totals.total('b', other)).toBe(7000);
    expect(other).toHaveBeenCalledTimes(1);
    const small = vi.fn(async () => 999);
    await totals.total('c', small);
    await totals.total('c', small);
    expect(small).toHaveBeenCalledTimes(2);
  });

  it('counts again after a change by this server, and after the time it keeps a total', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const totals = flowTotals<number>(true, (n) => n);
    let rows = 5000;
    const count = vi.fn(async () => rows);
    await totals.total('a', count);
    await inTransaction((trx) =>
      writingInstances(trx, async () => {
        rows = 4999;
      }),
    );
    expect(await totals.total('a', count)).toBe(4999);
    rows = 4998;
    vi.setSystemTime(Date.now() + 9_000);
    expect(await totals.total('a', count)).toBe(4999);
    vi.setSystemTime(Date.now() + 2_000);
    // Aged out: the kept total still answers while the next count runs, then the new one.
    expect(await totals.total('a', count)).toBe(4999);
    await vi.waitFor(async () => expect(await totals.total('a', count)).toBe(4998));
    expect(count).toHaveBeenCalledTimes(3);
    await expect(
      inTransaction((trx) => writingInstances(trx, () => Promise.reject(new Error('rolled back')))),
    ).rejects.toThrow('rolled back');
    rows = 4997;
    expect(await totals.total('a', count)).toBe(4997);
  });

  it('shares one count between callers asking at once, keeps no failed count, and keeps nothing when off', async () => {
    const totals = flowTotals<number>(true, (n) => n);
    let finish: (n: number) => void = () => {};
    const count = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const both = Promise.all([totals.total('a', count), totals.total('a', count)]);
    finish(5000);
    expect(await both).toEqual([5000, 5000]);
    expect(count).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => Promise.reject(new Error('gone')));
    await expect(totals.total('b', failing)).rejects.toThrow('gone');
    await expect(totals.total('b', failing)).rejects.toThrow('gone');
    expect(failing).toHaveBeenCalledTimes(2);
    const off = flowTotals<number>(false, (n) => n);
    const counted = vi.fn(async () => 5000);
    await off.total('a', counted);
    await off.total('a', counted);
    expect(counted).toHaveBeenCalledTimes(2);
  });
});
