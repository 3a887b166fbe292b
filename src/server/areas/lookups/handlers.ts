// Lookups area: choice lists for select fields (x-options), each within the caller's reach, by name.
import { sql } from 'kysely';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { departmentPaths } from './department-paths.ts';

const byName = sql`lower(name)`;

const domains: CallHandler<'lookups.domains'> = async (ctx) => {
  const user = requireUser(ctx);
  let query = ctx.services.db.selectFrom('domains').select(['id', 'name']);
  if (!user.superAdmin) query = query.where('id', 'in', (eb) => eb.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', user.id));
  return query.orderBy(byName).orderBy('id').execute();
};

/** A super administrator sees every application; anyone else those of their enterprises and their own. */
const applications: CallHandler<'lookups.applications'> = async (ctx) => {
  const user = requireUser(ctx);
  let query = ctx.services.db.selectFrom('applications').select(['id', 'name']);
  if (!user.superAdmin) {
    query = query.where((eb) =>
      eb.or([
        eb('domain_id', 'in', eb.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', user.id)),
        eb('id', 'in', eb.selectFrom('superuser_applications').select('application_id').where('superuser_id', '=', user.id)),
      ]),
    );
  }
  return query.orderBy(byName).orderBy('id').execute();
};

const departments: CallHandler<'lookups.departments'> = async (ctx) => {
  const user = requireUser(ctx);
  const { db } = ctx.services;
  const domainId = ctx.query.domainid;
  const reachable = user.superAdmin
    ? await db.selectFrom('domains').select('id').where('id', '=', domainId).executeTakeFirst()
    : await db.selectFrom('superuser_domains').select('domain_id').where('superuser_id', '=', user.id).where('domain_id', '=', domainId).executeTakeFirst();
  if (!reachable) throw new AppError('notFound');
  const rows = await db.selectFrom('departments').select(['id', 'name', 'superior_id', 'order_no']).where('domain_id', '=', domainId).execute();
  return departmentPaths(rows);
};

export const lookupHandlers: Record<string, Handler> = {
  'lookups.domains': domains,
  'lookups.applications': applications,
  'lookups.departments': departments,
};
