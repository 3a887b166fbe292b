// Applications (issue 11, D38): the list within reach, and installing a package.
import { sql } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { checkPackage } from '../../../core/packages/check-package.ts';
import type { Text } from '../../../core/packages/package-types.ts';
import { packageMetaSchema } from '../../../core/packages/read-package.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { applicationsInReach, inLanguage, nameContains } from './application-sql.ts';
import { installPackage } from './install-package.ts';
import { readPackageArchive } from './package-archive.ts';
import { packageFilePath } from './package-file.ts';

const list: CallHandler<'applications.list'> = async (ctx) => {
  const { currpage = 1, pagelines = 10, name } = ctx.query;
  const language = (await ctx.request.atrium.language()) as Language;
  const query = ctx.services.db.selectFrom('applications as a').leftJoin('domains as d', 'd.id', 'a.domain_id').where(applicationsInReach(requireUser(ctx))).where(nameContains(name));
  const { rowCount } = await query.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['a.id', 'a.version', 'a.package_id', 'd.name as domain_name'])
    .select([inLanguage(sql.ref('a.names'), sql.ref('a.name'), language).as('name'), inLanguage(sql`a.manifest -> 'description'`, sql.ref('a.description'), language).as('description')])
    .orderBy(sql`lower(a.name)`)
    .orderBy('a.id')
    .limit(pagelines)
    .offset((currpage - 1) * pagelines)
    .execute();
  return { datas: rows.map((r) => ({ id: r.id, name: r.name, version: r.version, packageId: r.package_id, description: r.description, domain: r.domain_name })), rowCount };
};

const install: CallHandler<'applications.install'> = async (ctx) => {
  const mode = ctx.query.mode ?? 'commit';
  const files = await readPackageArchive(packageFilePath(ctx.services, ctx.body.path));
  const t = await ctx.request.atrium.translator();
  const { pkg, problems } = await checkPackage(files, packageMetaSchema(), t);
  // Each problem names its file and place, as `atrium check` prints them.
  if (!pkg) throw new ValidationFailure([], problems.map((p) => ({ field: `${p.file}${p.pointer ? `#${p.pointer}` : ''}`, message: p.message })));
  const plan = await installPackage(ctx.services.db, pkg, mode);
  const language = (await ctx.request.atrium.language()) as keyof Text;
  return { ...plan, mode, name: pkg.manifest.name[language] ?? pkg.manifest.name.en, changes: plan.changes.map((c) => ({ ...c, name: c.name[language] ?? c.name.en })) };
};

export const applicationHandlers: Record<string, Handler> = {
  'applications.list': list,
  'applications.install': install,
};
