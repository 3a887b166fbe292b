// The software of an enterprise (docs/adr/0038-applications-from-packages.md): its bound applications, the packaged ones it is not
// bound to, binding and unbinding (the platform's), its default application, and turning applications
// and their modules on or off (its governors').
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { bindingOf, inLanguage, nameContains } from '../applications/application-sql.ts';
import { existingTenant } from '../users/queries.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, ValidationFailure } from '../../http/app-error.ts';
import { nodeApproverHandlers } from './node-approvers.ts';
import type { CallHandler, Handler, HandlerContext } from '../handler.ts';

/** 1404 unless the enterprise exists. Its reach, and governing it for the calls that change it
 *  (`governs`), admission checks on the calls' declared tenant (docs/adr/0120-reach-checked-at-admission.md). */
const enterprise = (ctx: Pick<HandlerContext, 'services'>, domainId: string) =>
  existingTenant(ctx.services.db, domainId);
const named = (language: Language) => inLanguage(sql.ref('a.names'), sql.ref('a.name'), language);

const bound: CallHandler<'domainApplications.bound'> = async (ctx) => {
  const domainId = ctx.params.id;
  await enterprise(ctx, domainId);
  const { currpage = 1, pagelines = 10 } = ctx.query;
  const language = (await ctx.request.atrium.language()) as Language;
  const query = ctx.services.db
    .selectFrom('domain_applications as b')
    .innerJoin('applications as a', 'a.id', 'b.application_id')
    .where('b.domain_id', '=', domainId)
    .where(nameContains(ctx.body.name));
  const { rowCount } = await query.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['a.id', 'a.version', 'a.package_id', 'b.is_default', 'b.enabled', named(language).as('name')])
    .orderBy(sql`lower(a.name)`)
    .orderBy('a.id')
    .limit(pagelines)
    .offset((currpage - 1) * pagelines)
    .execute();
  return {
    datas: rows.map((r) => ({
      id: r.id,
      name: r.name,
      version: r.version,
      packageId: r.package_id,
      isDefault: r.is_default,
      enabled: r.enabled,
    })),
    rowCount,
  };
};

const unbound: CallHandler<'domainApplications.unbound'> = async (ctx) => {
  const domainId = ctx.params.id;
  await enterprise(ctx, domainId);
  const { currpage = 1, pagelines = 10000 } = ctx.query;
  const language = (await ctx.request.atrium.language()) as Language;
  const query = ctx.services.db
    .selectFrom('applications as a')
    .where('a.package_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('domain_applications as b')
            .select('b.application_id')
            .whereRef('b.application_id', '=', 'a.id')
            .where('b.domain_id', '=', domainId),
        ),
      ),
    )
    .where(nameContains(ctx.body.name));
  const { rowCount } = await query.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await query
    .select([
      'a.id',
      'a.version',
      'a.package_id',
      named(language).as('name'),
      inLanguage(sql`a.manifest -> 'description'`, sql.ref('a.description'), language).as('description'),
    ])
    .orderBy(sql`lower(a.name)`)
    .orderBy('a.id')
    .limit(pagelines)
    .offset((currpage - 1) * pagelines)
    .execute();
  return {
    datas: rows.map((r) => ({
      id: r.id,
      name: r.name,
      version: r.version,
      packageId: r.package_id,
      description: r.description,
      domain: null,
    })),
    rowCount,
  };
};

/** Every id names a packaged application (the platform's to bind), else 1404 for the whole list. */
async function packagedApplications(db: Db, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .selectFrom('applications')
    .select('id')
    .where('id', 'in', unique)
    .where('package_id', 'is not', null)
    .execute();
  if (found.length !== unique.length) throw new AppError('notFound');
  return unique;
}

const bind: CallHandler<'domainApplications.bind'> = async (ctx) => {
  const domainId = ctx.params.id;
  await enterprise(ctx, domainId);
  return ctx.services.db.transaction().execute(async (trx) => {
    const ids = await packagedApplications(trx, ctx.body);
    const result = await trx
      .insertInto('domain_applications')
      .values(ids.map((application_id) => ({ domain_id: domainId, application_id })))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return { bound: Number(result.numInsertedOrUpdatedRows ?? 0) };
  });
};

const unbind: CallHandler<'domainApplications.unbind'> = async (ctx) => {
  const domainId = ctx.params.id;
  await enterprise(ctx, domainId);
  const ids = [...new Set(ctx.body)];
  return ctx.services.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('domain_applications as b')
      .innerJoin('applications as a', 'a.id', 'b.application_id')
      .select(['a.id', 'a.domain_id', 'a.name'])
      .where('b.domain_id', '=', domainId)
      .where('b.application_id', 'in', ids)
      .forUpdate()
      .execute();
    if (found.length !== ids.length) throw new AppError('notFound');
    const own = found.filter((a) => a.domain_id === domainId);
    if (own.length)
      throw new ValidationFailure(
        [],
        own.map((a) => ({ field: '', message: 'software.msg.ownApplication', params: { name: a.name } })),
      );
    // The enterprise's users stop holding the roles of an application it no longer uses.
    await trx
      .deleteFrom('role_users')
      .where('role_id', 'in', trx.selectFrom('app_roles').select('id').where('application_id', 'in', ids))
      .where('user_id', 'in', trx.selectFrom('users').select('id').where('domain_id', '=', domainId))
      .execute();
    const result = await trx
      .deleteFrom('domain_applications')
      .where('domain_id', '=', domainId)
      .where('application_id', 'in', ids)
      .executeTakeFirst();
    return { unbound: Number(result.numDeletedRows) };
  });
};

const getDefault: CallHandler<'domainApplications.getDefault'> = async (ctx) => {
  await enterprise(ctx, ctx.params.id);
  const row = await ctx.services.db
    .selectFrom('domain_applications')
    .select('application_id')
    .where('domain_id', '=', ctx.params.id)
    .where('is_default', '=', true)
    .executeTakeFirst();
  return { applicationId: row?.application_id ?? null };
};

const setDefault: CallHandler<'domainApplications.setDefault'> = async (ctx) => {
  const domainId = ctx.params.id;
  await enterprise(ctx, domainId);
  const [applicationId] = ctx.body;
  return ctx.services.db.transaction().execute(async (trx) => {
    const binding = await trx
      .selectFrom('domain_applications')
      .select(['application_id', 'enabled'])
      .where('domain_id', '=', domainId)
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
    if (!binding) throw new AppError('notFound');
    if (!binding.enabled) throw new ValidationFailure([], [{ field: '', message: 'software.msg.defaultStaysOn' }]);
    await trx
      .updateTable('domain_applications')
      .set({ is_default: false })
      .where('domain_id', '=', domainId)
      .where('is_default', '=', true)
      .execute();
    await trx
      .updateTable('domain_applications')
      .set({ is_default: true })
      .where('domain_id', '=', domainId)
      .where('application_id', '=', applicationId)
      .execute();
    return { applicationId };
  });
};

/** Turns bound applications on or off, all or nothing: every id bound, the default never off. */
const switchTo =
  (enabled: boolean): CallHandler<'domainApplications.enable'> =>
  async (ctx) => {
    const domainId = ctx.params.id;
    await enterprise(ctx, domainId);
    const ids = [...new Set(ctx.body)];
    return ctx.services.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('domain_applications')
        .select(['application_id', 'is_default'])
        .where('domain_id', '=', domainId)
        .where('application_id', 'in', ids)
        .forUpdate()
        .execute();
      if (found.length !== ids.length) throw new AppError('notFound');
      if (!enabled && found.some((b) => b.is_default))
        throw new ValidationFailure([], [{ field: '', message: 'software.msg.defaultStaysOn' }]);
      const result = await trx
        .updateTable('domain_applications')
        .set({ enabled })
        .where('domain_id', '=', domainId)
        .where('application_id', 'in', ids)
        .where('enabled', '<>', enabled)
        .executeTakeFirst();
      return { changed: Number(result.numUpdatedRows) };
    });
  };

const modules: CallHandler<'domainApplications.modules'> = async (ctx) => {
  const { id: domainId, applicationId } = ctx.params;
  await enterprise(ctx, domainId);
  const { db } = ctx.services;
  const { disabled_modules: off } = await bindingOf(db, domainId, applicationId);
  const language = (await ctx.request.atrium.language()) as Language;
  const rows = await db
    .selectFrom('app_modules as m')
    .select('m.id')
    .select(inLanguage(sql.ref('m.names'), sql.ref('m.id'), language).as('name'))
    .where('m.application_id', '=', applicationId)
    .orderBy('m.order_no')
    .orderBy('m.id')
    .execute();
  return rows.map((m) => ({ id: m.id, name: m.name, enabled: !off.includes(m.id) }));
};

const setModules: CallHandler<'domainApplications.setModules'> = async (ctx) => {
  const { id: domainId, applicationId } = ctx.params;
  await enterprise(ctx, domainId);
  const disabled = ctx.body.disabled;
  return ctx.services.db.transaction().execute(async (trx) => {
    await bindingOf(trx, domainId, applicationId);
    const known = new Set(
      (await trx.selectFrom('app_modules').select('id').where('application_id', '=', applicationId).execute()).map(
        (m) => m.id,
      ),
    );
    const unknown = disabled.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id));
    if (unknown.length)
      throw new ValidationFailure(
        [],
        unknown.map(({ id, i }) => ({
          field: `/disabled/${i}`,
          message: 'software.msg.unknownModule',
          params: { id },
        })),
      );
    await trx
      .updateTable('domain_applications')
      .set({ disabled_modules: disabled })
      .where('domain_id', '=', domainId)
      .where('application_id', '=', applicationId)
      .execute();
    return { disabled: disabled.length };
  });
};

export const domainApplicationHandlers: Record<string, Handler> = {
  'domainApplications.bound': bound,
  'domainApplications.unbound': unbound,
  'domainApplications.bind': bind,
  'domainApplications.unbind': unbind,
  'domainApplications.getDefault': getDefault,
  'domainApplications.setDefault': setDefault,
  'domainApplications.enable': switchTo(true),
  'domainApplications.disable': switchTo(false),
  'domainApplications.modules': modules,
  'domainApplications.setModules': setModules,
  ...nodeApproverHandlers,
};
