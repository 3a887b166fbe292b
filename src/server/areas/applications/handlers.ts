// Applications (docs/adr/0038-applications-from-packages.md): the list within reach, installing a package, and synchronising an
// installed application's forms with its package (docs/adr/0053-forms-synchronisation.md).
import { sql, type SqlBool } from 'kysely';
import type { Language } from '../../../core/catalogue/types.ts';
import { readFile } from 'node:fs/promises';
import { checkPackage, type PackageFiles } from '../../../core/packages/check-package.ts';
import { withTopics } from '../../../core/packages/package-topics.ts';
import type { PackageProblem, Text } from '../../../core/packages/package-types.ts';
import { packageMetaSchema } from '../../../core/packages/read-package.ts';
import { ValidationFailure } from '../../http/app-error.ts';
import { requireUser, type CallHandler, type Handler } from '../handler.ts';
import { applicationsInReach, inLanguage, nameContains } from './application-sql.ts';
import { jobStatus, startJob } from '../maintenance/job-runner.ts';
import { installPackage } from './install-package.ts';
import { readPackageArchive } from './package-archive.ts';
import { packageFilePath } from './package-file.ts';
import { processUpload } from './process-upload.ts';
import { startTimerHandlers } from './start-timers.ts';
import { formsSlot, packagedApplication, synchronizeForms } from './sync-forms.ts';

type PageCtx = Parameters<CallHandler<'applications.list'>>[0] | Parameters<CallHandler<'applications.forConfig'>>[0];

/** One page of the applications the caller reaches by name, in its language; of one enterprise when asked. */
async function applicationPage(
  ctx: PageCtx,
  page: { currpage: number; pagelines: number; name?: string; domainid?: string },
) {
  const { currpage, pagelines, name, domainid } = page;
  const language = (await ctx.request.atrium.language()) as Language;
  let query = ctx.services.db
    .selectFrom('applications as a')
    .leftJoin('domains as d', 'd.id', 'a.domain_id')
    .where(applicationsInReach(requireUser(ctx)))
    .where(nameContains(name));
  if (domainid)
    query = query.where(
      sql<SqlBool>`(a.domain_id = ${domainid} or exists (select 1 from domain_applications b where b.application_id = a.id and b.domain_id = ${domainid}))`,
    );
  const { rowCount } = await query.select(sql<number>`count(*)::int`.as('rowCount')).executeTakeFirstOrThrow();
  const rows = await query
    .select(['a.id', 'a.version', 'a.package_id', 'd.name as domain_name'])
    .select([
      inLanguage(sql.ref('a.names'), sql.ref('a.name'), language).as('name'),
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
      domain: r.domain_name,
    })),
    rowCount,
  };
}

const list: CallHandler<'applications.list'> = (ctx) =>
  applicationPage(ctx, {
    currpage: ctx.query.currpage ?? 1,
    pagelines: ctx.query.pagelines ?? 10,
    name: ctx.query.name,
  });
/** The configuration screen's software choice (spec GET /config/applications): every application, or an enterprise's. */
const forConfig: CallHandler<'applications.forConfig'> = (ctx) =>
  applicationPage(ctx, { currpage: 1, pagelines: 100000, name: ctx.query.name, domainid: ctx.query.domainid });

type InstallCtx =
  Parameters<CallHandler<'applications.install'>>[0] | Parameters<CallHandler<'applications.installProcess'>>[0];

/** Checks a package's files and previews or installs it: the problems refuse it, each by file and
 *  place as `atrium check` prints them; the answer's names are in the caller's language. */
async function checkedInstall(ctx: InstallCtx, files: PackageFiles, mode: 'preview' | 'commit') {
  const t = await ctx.request.atrium.translator();
  const mapped = await withTopics(files, ctx.body.topics ?? {}, t);
  const { pkg, problems, cautions } = await checkPackage(mapped.input, packageMetaSchema(), t);
  const placed = (p: PackageProblem) => ({
    field: `${p.file}${p.pointer ? `#${p.pointer}` : ''}`,
    message: p.message,
    ...(p.fix && { fix: p.fix }),
  });
  if (!pkg || mapped.problems.length > 0)
    throw new ValidationFailure([], [...mapped.problems, ...problems].map(placed));
  const plan = await installPackage(ctx.services.db, pkg, mode);
  const language = (await ctx.request.atrium.language()) as keyof Text;
  return {
    ...plan,
    mode,
    name: pkg.manifest.name[language] ?? pkg.manifest.name.en,
    changes: plan.changes.map((c) => ({ ...c, name: c.name[language] ?? c.name.en })),
    warnings: cautions.map(placed),
  };
}

const install: CallHandler<'applications.install'> = async (ctx) =>
  checkedInstall(
    ctx,
    await readPackageArchive(packageFilePath(ctx.services, ctx.body.path)),
    ctx.query.mode ?? 'commit',
  );

/** A bare .bpmn adding or replacing processes of an installed application (process-upload.ts): the
 *  same check and preview as a package, the application's version kept. */
const installProcess: CallHandler<'applications.installProcess'> = async (ctx) => {
  const application = await packagedApplication(
    ctx.services.db,
    ctx.query.applicationId,
    await ctx.request.atrium.language(),
  );
  const xml = await readFile(packageFilePath(ctx.services, ctx.body.path, 'process'), 'utf8');
  const { files } = await processUpload(ctx.services.db, application, xml, ctx.query.form);
  const plan = await checkedInstall(ctx, files, ctx.query.mode ?? 'commit');
  return { ...plan, action: 'process' as const };
};

/** Starts bringing the application's stored forms in line with its package (docs/adr/0053-forms-synchronisation.md); 1009 while it runs. */
const syncForms: CallHandler<'applications.syncForms'> = async (ctx) => {
  const t = await ctx.request.atrium.translator();
  const application = await packagedApplication(
    ctx.services.db,
    ctx.query.applicationId,
    await ctx.request.atrium.language(),
  );
  const work = async () =>
    t('software.forms.synchronized', {
      app: application.name,
      ...(await synchronizeForms(ctx.services.db, application.id)),
    });
  return startJob(
    ctx.services.database,
    'synchronizeForms',
    work,
    (reason) => t('software.forms.failed', { reason }),
    formsSlot(application.id),
  );
};

const formsStatus: CallHandler<'applications.formsStatus'> = async (ctx) => {
  const application = await packagedApplication(
    ctx.services.db,
    ctx.query.applicationId,
    await ctx.request.atrium.language(),
  );
  return jobStatus(ctx.services.database, await ctx.request.atrium.translator(), formsSlot(application.id));
};

export const applicationHandlers: Record<string, Handler> = {
  'applications.list': list,
  'applications.forConfig': forConfig,
  'applications.install': install,
  'applications.installProcess': installProcess,
  'applications.syncForms': syncForms,
  'applications.formsStatus': formsStatus,
  ...startTimerHandlers,
};
