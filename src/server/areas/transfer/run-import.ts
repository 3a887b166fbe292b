// An import of one sheet (docs/adr/0035-organisation-excel-import-export.md, docs/adr/0037-large-tenant.md, docs/adr/0064-users-import-streamed.md): guarded and read through once first (a bad file changes
// nothing), then streamed a chunk at a time; each row's outcome goes to the run's log (import-outcomes.ts)
// as soon as its chunk is done, so no more than a chunk of rows is held (departments excepted: they are
// ordered parents first, so their sheet is held whole). The users' rows are read and planned in a worker
// thread (import-worker.ts, docs/adr/0106-import-in-worker-thread.md); the departments' here.
// Rows are matched by key (users by login number, departments by path), so importing the same file
// again changes nothing. Departments go one row at a time: a preview runs each exactly as a commit
// would inside one transaction always rolled back (each row in a savepoint); a commit gives each row a
// transaction of its own. Users go a chunk at a time (user-chunks.ts): each row is planned in memory
// against the chunk's stored users by the same rules, and a commit writes a chunk's new users in one
// transaction (a row is never half-written; a crash loses at most the chunk being written).
import { sql } from 'kysely';
import type { Translate } from '../../../core/validation-messages.ts';
import { applyDepartmentRow } from './department-rows.ts';
import type { ImportContext, ImportRow } from './import-plan.ts';
import type { OutcomeLog } from './import-outcomes.ts';
import { splitPath } from './org-tree.ts';
import { rowJudge, rowsOf, SHEET_CHUNK, type ImportMode } from './row-judge.ts';
import { sheetChunks, type SheetScan } from './sheet-reader.ts';

class PreviewRollback extends Error {}

/** The departments' import: the whole sheet parents first, each row in a transaction (or savepoint) of its own. */
export async function runDepartmentImport(
  ctx: ImportContext,
  sheet: SheetScan,
  mode: ImportMode,
  t: Translate,
  labels: Record<string, Readonly<Record<string, string>>>,
  language: string,
  log: OutcomeLog,
): Promise<void> {
  const { matched, keyOf, outcomes, screen, settle } = rowJudge('department', ctx.columns, sheet, t, labels, language);
  const rows: ImportRow[] = [];
  for await (const chunk of sheetChunks(sheet, SHEET_CHUNK)) rows.push(...rowsOf(chunk, matched, t));
  // Parents first, so a file may list a department before the one it sits in.
  const ordered = [...rows].sort((a, b) => splitPath(keyOf(a)).length - splitPath(keyOf(b)).length);
  if (mode === 'commit') {
    for (const row of ordered) {
      const outcome = screen(row);
      if (!outcome.error)
        await settle(outcome, () => ctx.db.transaction().execute((trx) => applyDepartmentRow(trx, ctx, row)));
    }
  } else {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        for (const row of ordered) {
          const outcome = screen(row);
          if (outcome.error) continue;
          await settle(outcome, async () => {
            await sql`savepoint import_row`.execute(trx);
            try {
              const applied = await applyDepartmentRow(trx, ctx, row);
              await sql`release savepoint import_row`.execute(trx);
              return applied;
            } catch (error) {
              await sql`rollback to savepoint import_row`.execute(trx);
              throw error;
            }
          });
        }
        throw new PreviewRollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof PreviewRollback)) throw error;
      });
  }
  for (const row of rows) await log.add(outcomes.get(row)!);
}
