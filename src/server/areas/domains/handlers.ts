// Domains area: the enterprise list, one enterprise, create, update and delete.
import { randomUUID } from 'node:crypto';
import { governsDomain } from '../../auth/reach.ts';
import { storedConfig } from '../../http/stored-settings.ts';
import { endSessionsOfInactiveEnterprise } from '../../auth/inactive-enterprise.ts';
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { deleteDomains, deleteImpact } from './delete-domains.ts';
import { requireSmsPasswordBound, toDomainColumns } from './domain-record.ts';
import { extensionValues, mergedExt } from './extension-values.ts';
import { findDomain, listDomains, nameTaken } from './queries.ts';
import { uniqueOr } from '../../db/constraint-errors.ts';

const uniqueName = <T>(write: () => Promise<T>) =>
  uniqueOr(write, () => new AppError('conflict', undefined, undefined, '/name'));

const list: CallHandler<'domains.list'> = async (ctx) => {
  const user = requireUser(ctx);
  const { currpage = 1, pagelines = 10 } = ctx.query;
  const page = await listDomains(ctx.services.db, user, ctx.body, { currpage, pagelines });
  const { 'ldap.enabled': ldapEnabled } = await storedConfig(ctx.services.db, ctx.services.storedSettings, [
    'ldap.enabled',
  ]);
  // Only a super admin may create enterprises (domains.create allows user.superAdmin).
  return { ...page, newButtonShow: user.superAdmin, showLdapButton: ldapEnabled };
};

const get: CallHandler<'domains.get'> = async (ctx) => {
  const domain = await findDomain(ctx.services.db, requireUser(ctx), ctx.params.id);
  if (!domain) throw new AppError('notFound');
  return domain;
};

const create: CallHandler<'domains.create'> = async (ctx) => {
  const { db } = ctx.services;
  if (await nameTaken(db, ctx.body.name)) throw new AppError('conflict', undefined, undefined, '/name');
  const id = randomUUID();
  const columns = toDomainColumns(ctx.body);
  const ext = JSON.stringify(await extensionValues(db, ctx.body, true));
  await uniqueName(() =>
    db
      .insertInto('domains')
      .values({ ...columns, id, name: ctx.body.name.trim(), ext })
      .execute(),
  );
  return (await findDomain(db, requireUser(ctx), id))!;
};

const update: CallHandler<'domains.update'> = async (ctx) => {
  const { db } = ctx.services;
  const user = requireUser(ctx);
  const id = ctx.params.id;
  if (!(await findDomain(db, user, id))) throw new AppError('notFound');
  // A department administrator sees its enterprise but does not govern it.
  if (!governsDomain(user.reach, id)) throw new AppError('forbidden');
  if (ctx.body.name !== undefined && (await nameTaken(db, ctx.body.name, id)))
    throw new AppError('conflict', undefined, undefined, '/name');
  await requireSmsPasswordBound(db, id, ctx.body);
  const ext = mergedExt(await extensionValues(db, ctx.body, false));
  await uniqueName(() =>
    db
      .updateTable('domains')
      .set({ ...toDomainColumns(ctx.body), ext, updated_at: new Date() })
      .where('id', '=', id)
      .execute(),
  );
  if (ctx.body.status === 0) await endSessionsOfInactiveEnterprise(db, id);
  // The caller may have switched off its own only enterprise: its session just ended with the others.
  return (await findDomain(db, user, id))!;
};

const remove: CallHandler<'domains.delete'> = (ctx) =>
  deleteDomains(ctx.services, ctx.body, ctx.query.admins === 'remove');

const impact: CallHandler<'domains.deleteImpact'> = (ctx) => deleteImpact(ctx.services.db, ctx.body);

export const domainHandlers: Record<string, Handler> = {
  'domains.list': list,
  'domains.get': get,
  'domains.create': create,
  'domains.update': update,
  'domains.delete': remove,
  'domains.deleteImpact': impact,
};
