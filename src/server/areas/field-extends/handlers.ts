// Field-extends area: list, create, update and delete extension fields, and the unused spare columns.
import { randomUUID } from 'node:crypto';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { toFieldExtendColumns, toFieldExtendReply } from './field-extend-record.ts';
import { clearValues, findFieldExtend, listFieldExtends, unusedColumns } from './queries.ts';
import { scopeOf } from './scope.ts';
import { fitsColumn, type ForTable } from './spare-columns.ts';
import { isUniqueViolation } from '../../db/constraint-errors.ts';

const fieldError = (field: string, message: string) => new ValidationFailure([], [{ field, message }]);

const list: CallHandler<'fieldExtends.list'> = async (ctx) => {
  const scope = await scopeOf(ctx.services.db, requireUser(ctx), ctx.body.domainid);
  const { currpage = 1, pagelines = 10 } = ctx.query;
  return listFieldExtends(
    ctx.services.db,
    scope,
    { type: ctx.body.type, fortable: ctx.body.fortable },
    { currpage, pagelines },
  );
};

const unused: CallHandler<'fieldExtends.unused'> = async (ctx) => {
  const scope = await scopeOf(ctx.services.db, requireUser(ctx), ctx.query.domainid);
  return unusedColumns(ctx.services.db, scope, ctx.query.fortable as ForTable, ctx.query.type);
};

const create: CallHandler<'fieldExtends.create'> = async (ctx) => {
  const { db } = ctx.services;
  const body = ctx.body;
  const scope = await scopeOf(db, requireUser(ctx), body.domainid);
  // The column must be free for this table and scope and large enough for the type (spec/domain-console.md, "Business constants and limits").
  const free = await unusedColumns(db, scope, body.forTable, body.type);
  if (!fitsColumn(body.type, body.respectiveField))
    throw fieldError('/respectiveField', 'fieldExtend.msg.columnTooSmall');
  if (!free.includes(body.respectiveField)) throw fieldError('/respectiveField', 'fieldExtend.msg.columnUsed');
  const fid = randomUUID().replaceAll('-', ''); // no '-' inside a name-fid-forTable entry
  try {
    await db
      .insertInto('field_extends')
      .values({
        ...toFieldExtendColumns(body, scope === null),
        fid,
        domain_id: scope,
        name: body.respectiveField,
        for_table: body.forTable,
      })
      .execute();
  } catch (error) {
    // Two saves racing for one column: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError('/respectiveField', 'fieldExtend.msg.columnUsed');
    throw error;
  }
  return toFieldExtendReply((await findFieldExtend(db, scope, fid))!);
};

const update: CallHandler<'fieldExtends.update'> = async (ctx) => {
  const { db } = ctx.services;
  const scope = await scopeOf(db, requireUser(ctx), ctx.body.domainid);
  const stored = await findFieldExtend(db, scope, ctx.params.id);
  if (!stored) throw new AppError('notFound');
  // The spare column and the module are read-only once saved; a clob cannot be chosen in edit mode
  // (the stored values of another type may not fit a large text).
  if (ctx.body.respectiveField !== stored.name) throw fieldError('/respectiveField', 'fieldExtend.msg.fieldReadonly');
  if (ctx.body.forTable !== stored.for_table) throw fieldError('/forTable', 'fieldExtend.msg.fieldReadonly');
  if (ctx.body.type === 'clob' && stored.type !== 'clob') throw fieldError('/type', 'fieldExtend.msg.noClobInEdit');
  if (!fitsColumn(ctx.body.type, stored.name)) throw fieldError('/type', 'fieldExtend.msg.columnTooSmall');
  await db
    .updateTable('field_extends')
    .set(toFieldExtendColumns(ctx.body, scope === null))
    .where('fid', '=', stored.fid)
    .execute();
  return toFieldExtendReply((await findFieldExtend(db, scope, stored.fid))!);
};

/** Each entry is name-fid-forTable (spec/domain-console.md, "The calls it makes"); the fid decides, the rest must match it. */
const remove: CallHandler<'fieldExtends.delete'> = async (ctx) => {
  const { db } = ctx.services;
  const scope = await scopeOf(db, requireUser(ctx), ctx.query.domainid);
  const entries = [...new Set(ctx.body)].map((entry) => {
    // The pattern of the call's body guarantees name-…-forTable; the fid is what lies between.
    const first = entry.indexOf('-');
    const last = entry.lastIndexOf('-');
    return {
      name: entry.slice(0, first),
      fid: entry.slice(first + 1, last),
      forTable: entry.slice(last + 1) as ForTable,
    };
  });
  return db.transaction().execute(async (trx) => {
    for (const entry of entries) {
      const stored = await trx
        .selectFrom('field_extends')
        .selectAll()
        .where('fid', '=', entry.fid)
        .forUpdate()
        .executeTakeFirst();
      const matches =
        stored &&
        (stored.domain_id ?? null) === scope &&
        stored.name === entry.name &&
        stored.for_table === entry.forTable;
      // All or nothing: one unknown entry refuses the request before anything is deleted.
      if (!matches) throw new AppError('notFound');
      await trx.deleteFrom('field_extends').where('fid', '=', entry.fid).execute();
      await clearValues(trx, scope, entry.forTable, entry.name);
    }
    return { deleted: entries.length };
  });
};

export const fieldExtendHandlers: Record<string, Handler> = {
  'fieldExtends.list': list,
  'fieldExtends.unused': unused,
  'fieldExtends.create': create,
  'fieldExtends.update': update,
  'fieldExtends.delete': remove,
};
