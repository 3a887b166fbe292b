// What an action would do, with nothing done: the action runs in a transaction that is then rolled
// back, so the answer comes from the engine's own code (the runtime's queries, the intervention preview).
import type { Db } from '../db/schema.ts';

class DryRun<T> extends Error {
  constructor(readonly result: T) {
    super('dry run');
  }
}

export async function dryRun<T>(db: Db, action: (trx: Db) => Promise<T>): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new DryRun(await action(trx));
    });
  } catch (error) {
    if (error instanceof DryRun) return error.result as T;
    throw error;
  }
  throw new Error('unreachable: the dry run always rolls back');
}
