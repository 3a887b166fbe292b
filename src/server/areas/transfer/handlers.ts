// Transfer area: Excel export and import of a tenant's users and departments, and the import
// templates (docs/adr/0035-organisation-excel-import-export.md). Who: the platform and the tenant's administrators over the whole
// tenant; a department-level administrator over its subtree only (department-reach.ts), as for the
// users and departments calls themselves.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language } from '../../../core/catalogue/types.ts';
import { existingTenant } from '../users/queries.ts';
import { refreshStatistics } from '../../db/refresh-statistics.ts';
import { AppError } from '../../http/app-error.ts';
import type { HandlerContext } from '../handler.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { reachableDepartments } from '../organisation/department-reach.ts';
import { userCalendar } from '../users/user-calendar.ts';
import { columnsOf, extensionFields, type Kind } from './columns.ts';
import { departmentBatches, userBatches } from './export-rows.ts';
import { sendAsAttachment, writeSheet } from './export-sheet.ts';
import { importFilePath } from './import-file.ts';
import { OrgTree } from './org-tree.ts';
import { OutcomeLog, outcomePage, PAGE_LINES } from './import-outcomes.ts';
import type { RowStatus } from './import-plan.ts';
import { importUsersOffThread, scanSheetOffThread } from './import-thread.ts';
import type { ImportMode } from './row-judge.ts';
import { runDepartmentImport } from './run-import.ts';
import { SheetRefusal } from './xlsx-guard.ts';

type Ctx = Pick<HandlerContext, 'services' | 'user' | 'request' | 'reply'>;

/** The call's declared tenant (every transfer call's `target`, whose reach admission checked): 1404
 *  when it does not exist, 1403 for a caller who sees it but reaches none of its departments. */
async function tenant(ctx: Ctx, domainId: string) {
  const { reach } = requireUser(ctx);
  await existingTenant(ctx.services.db, domainId);
  const reachable = await reachableDepartments(ctx.services.db, reach, domainId);
  // A user who sees the tenant but none of its departments administers nothing in it.
  if (reachable !== null && reachable.length === 0) throw new AppError('forbidden');
  return { reach, reachable };
}

const labelsOf = async (ctx: Ctx) => {
  const language = (await ctx.request.atrium.language()) as Language;
  return { language, labels: ctx.services.catalogue.labels[language] ?? {} };
};

async function exportSheet(ctx: Ctx, domainId: string, kind: Kind) {
  const { reachable } = await tenant(ctx, domainId);
  const { db } = ctx.services;
  const { labels } = await labelsOf(ctx);
  const columns = columnsOf(kind, await extensionFields(db, domainId, kind));
  const tree = await OrgTree.load(db, domainId);
  sendAsAttachment(ctx.reply, `${kind === 'user' ? 'users' : 'departments'}-${domainId}`);
  const sheetName = labels[`transfer.sheet.${kind === 'user' ? 'users' : 'departments'}`] ?? kind;
  return kind === 'user'
    ? writeSheet(sheetName, columns, labels, userBatches(db, domainId, reachable, tree), (r) => r.values)
    : writeSheet(sheetName, columns, labels, departmentBatches(db, domainId, reachable, tree), (r) => r.values);
}

interface ImportQuery {
  mode?: ImportMode | 'rows';
  page?: number;
  lines?: number;
  status?: RowStatus;
}

/** Reads the named upload (guarded, checked whole, then streamed) and runs the import; a bad file
 *  changes nothing. mode=rows pages the outcomes of the upload's last run instead (docs/adr/0064-users-import-streamed.md). */
async function importSheet(ctx: Ctx, domainId: string, kind: Kind, path: string, query: ImportQuery) {
  const { reach, reachable } = await tenant(ctx, domainId);
  const user = requireUser(ctx);
  const file = importFilePath(ctx.services, domainId, kind, path);
  const { db, catalogue, dataDir } = ctx.services;
  if (query.mode === 'rows')
    return outcomePage(dataDir, domainId, file, kind, query.page ?? 1, query.lines ?? PAGE_LINES, query.status);
  const mode = query.mode ?? 'commit';
  const { language } = await labelsOf(ctx);
  const t = await ctx.request.atrium.translator();
  let log: OutcomeLog | undefined;
  const rows = join(tmpdir(), `atrium-import-${randomUUID()}.jsonl`);
  try {
    const columns = columnsOf(kind, await extensionFields(db, domainId, kind));
    const tree = await OrgTree.load(db, domainId);
    const defaultCalendar = (await userCalendar(db, domainId, ''))?.id ?? null;
    const importCtx = { db, catalogue, domainId, user, reach, reachable, tree, columns, defaultCalendar };
    // The sheet is read, and the users' rows planned, in a worker thread (docs/adr/0106-import-in-worker-thread.md).
    let result;
    if (kind === 'user') result = await importUsersOffThread(importCtx, { file, rows, dataDir, mode, language }, t);
    else {
      const scan = await scanSheetOffThread(file, rows);
      log = new OutcomeLog(dataDir, domainId, file, kind, mode, t);
      await runDepartmentImport(importCtx, scan, mode, t, catalogue.labels, language, log);
      result = await log.finish();
    }
    // Before the reply: the console shows the tenant's users or tree next (docs/adr/0109-statistics-after-bulk-writes.md).
    if (mode === 'commit')
      await refreshStatistics(
        db,
        { [kind === 'user' ? 'users' : 'departments']: result.counts.new + result.counts.changed },
        ctx.request.log,
      );
    return result;
  } catch (error) {
    log?.discard();
    if (error instanceof SheetRefusal) {
      if (error.readerError !== undefined)
        ctx.request.log.warn({ err: error.readerError }, 'the workbook reader failed on a file the zip guard passed');
      throw new AppError('validation', error.params, error.messageKey, '/path');
    }
    throw error;
  } finally {
    rmSync(rows, { force: true });
  }
}

const exportUsers: CallHandler<'transfer.exportUsers'> = (ctx) => exportSheet(ctx, ctx.params.id, 'user') as never;
const exportDepartments: CallHandler<'transfer.exportDepartments'> = (ctx) =>
  exportSheet(ctx, ctx.params.id, 'department') as never;
const importUsers: CallHandler<'transfer.importUsers'> = (ctx) =>
  importSheet(ctx, ctx.params.id, 'user', ctx.body.path, ctx.query);
const importDepartments: CallHandler<'transfer.importDepartments'> = (ctx) =>
  importSheet(ctx, ctx.params.id, 'department', ctx.query.path, ctx.query);

/** A template is generated on request: its headers follow the caller's language and the tenant's fields. */
const template: CallHandler<'transfer.template'> = async (ctx) => {
  const kind: Kind = ctx.params.name === 'users.xlsx' ? 'user' : 'department';
  const domainId = ctx.query.domainid;
  if (domainId !== undefined) await tenant(ctx, domainId);
  const { labels } = await labelsOf(ctx);
  const columns = columnsOf(kind, await extensionFields(ctx.services.db, domainId ?? null, kind)).filter(
    (c) => c.imported,
  );
  ctx.reply.header('content-disposition', `attachment; filename="${ctx.params.name}"`);
  ctx.reply.header('cache-control', 'no-store');
  const sheetName = labels[`transfer.sheet.${kind === 'user' ? 'users' : 'departments'}`] ?? kind;
  return writeSheet(
    sheetName,
    columns,
    labels,
    async () => [],
    () => ({}),
  ) as never;
};

export const transferHandlers: Record<string, Handler> = {
  'transfer.exportUsers': exportUsers,
  'transfer.exportDepartments': exportDepartments,
  'transfer.importUsers': importUsers,
  'transfer.importDepartments': importDepartments,
  'transfer.template': template,
};
