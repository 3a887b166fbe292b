// The database layer hands every statement to the observer its opener passes (docs/adr/0102-no-import-cycles.md),
// instead of importing the performance monitor.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/connect.ts';
import type { StatementObserver } from '../../../src/server/db/statement-observer.ts';

describe('statement observer', () => {
  it(
    'sees each statement an embedded database runs, with its text, and passes its result on',
    { timeout: 60_000 },
    async () => {
      const seen: string[] = [];
      const observe: StatementObserver = (text, run) => {
        seen.push(text);
        return run();
      };
      const database = await openDatabase({ observeStatement: observe });
      try {
        const { rows } = await sql<{ answer: number }>`select 41 + 1 as answer`.execute(database.db);
        expect(rows).toEqual([{ answer: 42 }]);
        expect(seen).toContain('select 41 + 1 as answer');
      } finally {
        await database.close();
      }
    },
  );
});
