// Lookups area: choice lists for select fields (x-options), each within the caller's reach, by name.
import { sql } from 'kysely';
import { governedDomains, visibleDomains } from '../../auth/reach.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { departmentPaths } from './department-paths.ts';
import { tenantExists } from '../domains/known-tenants.ts';

const byName = sql`lower(name)`;

const none = sql<boolean>`false`;

/** The enterprises the caller sees (auth/reach.ts). */
const domains: CallHandler<'lookups.domains'> = async (ctx) => {
  const ids = visibleDomains(requireUser(ctx).reach);
  let query = ctx.services.db.selectFrom('domains').select(['id', 'name']);
  if (ids !== null) query = ids.length ? query.where('id', 'in', ids) : query.where(none);
  return query.orderBy(byName).orderBy('id').execute();
};

/** The applications of the enterprises the caller governs (all on the platform), and its own. */
const applications: CallHandler<'lookups.applications'> = async (ctx) => {
  const user = requireUser(ctx);
  const governed = governedDomains(user.reach);
  let query = ctx.services.db.selectFrom('applications').select(['id', 'name']);
  if (governed !== null) {
    query = query.where((eb) =>
      eb.or([
        governed.length ? eb('domain_id', 'in', governed) : none,
        eb(
          'id',
          'in',
          eb.selectFrom('superuser_applications').select('application_id').where('superuser_id', '=', user.id),
        ),
      ]),
    );
  }
  return query.orderBy(byName).orderBy('id').execute();
};

/** The departments of one enterprise the caller sees; a department-level caller only its own. */
const departments: CallHandler<'lookups.departments'> = async (ctx) => {
  const { reach } = requireUser(ctx);
  const { db } = ctx.services;
  const domainId = ctx.query.domainid;
  // Its reach: admission, on the declared tenant (a required query field).
  if (!(await tenantExists(db, domainId))) throw new AppError('notFound');
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'name', 'superior_id', 'order_no'])
    .where('domain_id', '=', domainId)
    .execute();
  const paths = departmentPaths(rows);
  return reach.kind === 'departments' ? paths.filter((d) => reach.departments.includes(d.id)) : paths;
};

export const lookupHandlers: Record<string, Handler> = {
  'lookups.domains': domains,
  'lookups.applications': applications,
  'lookups.departments': departments,
};
