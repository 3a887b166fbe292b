// Knowledge management of a bound application in an enterprise (docs/adr/0041-module-switches-knowledge.md): its status with the
// managers the caller may see, and the settings replaced whole by the enterprise's governors.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { bindingOf, holdersInReach } from '../applications/application-sql.ts';
import { existingTenant } from '../users/queries.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';

type Ctx = Pick<HandlerContext, 'user' | 'services'>;

/** 1404 unless the enterprise exists and the application is bound to it (the enterprise's reach, and
 *  governing it for a save: admission, on the calls' declared tenant and their `governs`). */
async function boundApplication(ctx: Ctx, domainId: string, applicationId: string): Promise<void> {
  await existingTenant(ctx.services.db, domainId);
  await bindingOf(ctx.services.db, domainId, applicationId);
}

async function status(ctx: Ctx, db: Db, domainId: string, applicationId: string) {
  const settings = await db
    .selectFrom('km_settings')
    .select(['enabled', 'updated_at'])
    .where('domain_id', '=', domainId)
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const managers = await db
    .selectFrom('km_managers as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['k.user_id', 'k.kind', 'u.name', 'u.loginno', 'd.name as department_name'])
    .where('k.domain_id', '=', domainId)
    .where('k.application_id', '=', applicationId)
    .where(await holdersInReach(db, requireUser(ctx)))
    .orderBy('k.kind')
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .execute();
  return {
    enabled: settings?.enabled ?? false,
    updatedAt: settings?.updated_at.toISOString() ?? null,
    managers: managers.map((m) => ({
      userId: m.user_id,
      name: m.name,
      loginno: m.loginno,
      departmentName: m.department_name,
      kind: m.kind,
    })),
  };
}

const get: CallHandler<'knowledge.status'> = async (ctx) => {
  const { id: domainId, applicationId } = ctx.params;
  await boundApplication(ctx, domainId, applicationId);
  return status(ctx, ctx.services.db, domainId, applicationId);
};

const save: CallHandler<'knowledge.save'> = async (ctx) => {
  const { id: domainId, applicationId } = ctx.params;
  await boundApplication(ctx, domainId, applicationId);
  const managers = [...new Map(ctx.body.managers.map((m) => [`${m.userId}/${m.kind}`, m])).values()];
  return ctx.services.db.transaction().execute(async (trx) => {
    const userIds = [...new Set(managers.map((m) => m.userId))];
    if (userIds.length) {
      const found = await trx
        .selectFrom('users')
        .select('id')
        .where('domain_id', '=', domainId)
        .where('id', 'in', userIds)
        .execute();
      if (found.length !== userIds.length) throw new AppError('notFound');
    }
    await trx
      .insertInto('km_settings')
      .values({ domain_id: domainId, application_id: applicationId, enabled: ctx.body.enabled })
      .onConflict((oc) =>
        oc.columns(['domain_id', 'application_id']).doUpdateSet({ enabled: ctx.body.enabled, updated_at: new Date() }),
      )
      .execute();
    await trx
      .deleteFrom('km_managers')
      .where('domain_id', '=', domainId)
      .where('application_id', '=', applicationId)
      .execute();
    if (managers.length)
      await trx
        .insertInto('km_managers')
        .values(
          managers.map((m) => ({
            domain_id: domainId,
            application_id: applicationId,
            user_id: m.userId,
            kind: m.kind,
          })),
        )
        .execute();
    return status(ctx, trx, domainId, applicationId);
  });
};

export const knowledgeHandlers: Record<string, Handler> = {
  'knowledge.status': get,
  'knowledge.save': save,
};
