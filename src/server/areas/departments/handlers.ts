// Departments area (docs/adr/0034-tenant-organisation.md): the lazy tree, one department, create/update (with move), delete,
// the paged list and one department's users. Admission checks each call's declared enterprise and
// department; what it cannot know lives in access.ts and the save modules.
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { domainInReach, existingDepartment } from './access.ts';
import { deleteDepartments } from './delete-departments.ts';
import { toDepartmentReply } from './department-record.ts';
import { listUsers } from '../users/queries.ts';
import { listDepartments, nodes } from './queries.ts';
import { createDepartment, updateDepartment } from './save-department.ts';

const root: CallHandler<'departments.root'> = async (ctx) => {
  const { db } = ctx.services;
  const reachable = await domainInReach(db, requireUser(ctx), ctx.params.id);
  return nodes(db, ctx.params.id, reachable, 'top', ctx.query.valid === true);
};

const children: CallHandler<'departments.children'> = async (ctx) => {
  const { db } = ctx.services;
  await existingDepartment(db, ctx.params.depid, ctx.params.id);
  // Admission checked the department is reached; everything below it is reached too: no further filter.
  return nodes(db, ctx.params.id, null, { superiorId: ctx.params.depid }, ctx.query.valid === true);
};

const get: CallHandler<'departments.get'> = async (ctx) =>
  toDepartmentReply(await existingDepartment(ctx.services.db, ctx.params.id));

const create: CallHandler<'departments.create'> = (ctx) =>
  createDepartment(ctx.services.db, requireUser(ctx), ctx.params.id, ctx.body);

const update: CallHandler<'departments.update'> = (ctx) =>
  updateDepartment(ctx.services.db, requireUser(ctx), ctx.params.id, ctx.params.depid, ctx.body);

const remove: CallHandler<'departments.delete'> = (ctx) =>
  deleteDepartments(ctx.services.db, requireUser(ctx), ctx.params.id, ctx.body);

const list: CallHandler<'departments.list'> = async (ctx) => {
  const { db } = ctx.services;
  const reachable = await domainInReach(db, requireUser(ctx), ctx.params.id);
  const { currpage = 1, pagelines = 10, superiorid, valid, orderby } = ctx.query;
  return listDepartments(db, ctx.params.id, reachable, ctx.body as Record<string, unknown>, {
    currpage,
    pagelines,
    superiorid,
    valid,
    orderby,
  });
};

const users: CallHandler<'departments.users'> = async (ctx) => {
  const { db } = ctx.services;
  const department = await existingDepartment(db, ctx.params.id);
  const { currpage = 1, pagelines = 10, orderby } = ctx.query;
  // The users list's own query, narrowed to this one department (admission checked its reach).
  return listUsers(
    ctx.services,
    department.domain_id,
    null,
    { departmentId: department.id },
    { currpage, lines: pagelines, orderby },
  );
};

export const departmentHandlers: Record<string, Handler> = {
  'departments.root': root,
  'departments.children': children,
  'departments.get': get,
  'departments.create': create,
  'departments.update': update,
  'departments.delete': remove,
  'departments.list': list,
  'departments.users': users,
};
