// Config area: the system configuration read, saved as a whole, exported to a file and imported from
// an uploaded one. Each caller reaches only its own groups (group-access.ts).
import { AppError } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler, type HandlerContext } from '../handler.ts';
import { readGroups, secretFields, type ConfigGroup, type ConfigRecord } from './config-groups.ts';
import { configGroupsOf } from './group-access.ts';
import { readImportFile } from './import-file.ts';
import { maskSecrets } from './secrets.ts';
import { groupsToStore, storeGroups } from './store-groups.ts';

function callerGroups(ctx: Pick<HandlerContext, 'user'>): ConfigGroup[] {
  const groups = configGroupsOf(requireUser(ctx));
  if (groups.length === 0) throw new AppError('forbidden', undefined, 'config.msg.forbidden');
  return groups;
}

/** The caller's groups as the console sees them: defaults filled in, secrets as the placeholder. */
async function visibleConfig(ctx: Pick<HandlerContext, 'user' | 'services'>) {
  const { db, catalogue } = ctx.services;
  const groups = callerGroups(ctx);
  const stored = await readGroups(db, catalogue, groups);
  const record: ConfigRecord = {};
  for (const group of groups) record[group] = maskSecrets(stored[group], secretFields(catalogue, group));
  return { ...record, groups };
}

const get: CallHandler<'config.get'> = (ctx) => visibleConfig(ctx) as never;

const save: CallHandler<'config.save'> = async (ctx) => {
  const { groups: _readOnly, ...record } = ctx.body as ConfigRecord & { groups?: unknown };
  const groups = groupsToStore(record, callerGroups(ctx));
  await storeGroups(ctx.services.db, ctx.services.catalogue, record, groups, { keepEmptySecrets: false });
  return visibleConfig(ctx) as never;
};

const exportFile: CallHandler<'config.export'> = async (ctx) => {
  const { groups: _groups, ...record } = await visibleConfig(ctx);
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  ctx.reply.header('content-disposition', `attachment; filename="atrium-config-${day}.json"`);
  ctx.reply.header('cache-control', 'no-store');
  return `${JSON.stringify(record, null, 2)}\n` as never;
};

const importFile: CallHandler<'config.import'> = async (ctx) => {
  // Who may import comes before the file is read: a refused caller cannot learn which files exist.
  const allowed = callerGroups(ctx);
  const record = await readImportFile(ctx.services, ctx.body.path);
  const groups = groupsToStore(record, allowed);
  const changed = await storeGroups(ctx.services.db, ctx.services.catalogue, record, groups, {
    keepEmptySecrets: true,
  });
  return { changed };
};

export const configHandlers: Record<string, Handler> = {
  'config.get': get,
  'config.save': save,
  'config.export': exportFile,
  'config.import': importFile,
};
