// The OpenAPI document describes what the server answers (docs/adr/0090-openapi-completeness.md), on both
// databases: the served document is a valid OpenAPI 3.1 document; every GET without effects, called as
// the platform's administrator with arguments from the demo data, answers a status, content type and
// body the document describes (the checks: helpers/openapi-answers.ts); every GET that needs a session
// answers its documented 401 without one; the messaging sign-in pages answer their documented page.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './helpers/databases.ts';
import { OpenApiAnswers, type OpenApiDocument, type Operation } from './helpers/openapi-answers.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { makeEngineWorld, runtimeAccess } from './helpers/engine-world.ts';
import { regenerateSecret } from '../../src/server/areas/open-api/tokens.ts';

const targets = await databaseTargets();
type Args = { params: Record<string, string>; query: Record<string, string> };
type Schema = { enum?: unknown[]; default?: unknown };

/** The GETs whose demo arguments do not reach a success, and why; each still answers as documented. */
const NOT_SUCCESS: Record<string, string> = {
  'directorySync.status': 'the demo holds no directory sync run (1404)',
  'imSync.show': 'the demo holds no messaging sync run (1404)',
  'imEntry.wechat': "the demo application has no messaging agent: the entry's page says so (404)",
  'imEntry.dingding': "the demo application has no messaging agent: the entry's page says so (404)",
  'imEntry.feishu': "the demo application has no messaging agent: the entry's page says so (404)",
};

describe.each(targets)('the OpenAPI document against the answers on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let document: OpenApiDocument;
  let answers: OpenApiAnswers;
  let demo: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    document = (await (
      await fetch(new URL('/authtime/openapi.json', server.url), { headers: { cookie: 'atrium_lang=en' } })
    ).json()) as OpenApiDocument;
    answers = new OpenApiAnswers(document);
    demo = await demoArguments(server, admin);
  });
  afterAll(() => server?.close());

  /** The GETs that only read, by path. */
  const reads = () =>
    Object.entries(document.paths)
      .filter(([, ops]) => ops.get && !ops.get['x-effects'])
      .map(([path, ops]) => ({ path, operation: ops.get }));

  /** A value from the demo data for each parameter: its enum's first, else by its name (and for `id`,
   *  by the path it is in). */
  function argsFor(path: string, operation: Operation): Args {
    const args: Args = { params: {}, query: {} };
    for (const p of (operation.parameters ?? []) as Array<{
      name: string;
      in: string;
      required?: boolean;
      schema?: Schema;
    }>) {
      if (p.in === 'query' && !p.required) continue;
      const own = p.in === 'path' ? `${operation.operationId}.${p.name}` : `query.${operation.operationId}.${p.name}`;
      const general = p.in === 'path' ? (p.name === 'id' ? idOf(path) : p.name) : `query.${p.name}`;
      const value = demo[own] ?? p.schema?.enum?.[0] ?? demo[general];
      if (value === undefined)
        throw new Error(
          `no demo value for ${operation.operationId}'s ${p.in} parameter ${p.name} (${own} or ${general})`,
        );
      args[p.in === 'path' ? 'params' : 'query'][p.name] = String(value);
    }
    return args;
  }

  it('is an OpenAPI 3.1 document by an independent validator', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
  });

  it('describes the answer of every GET that only reads, called as the platform administrator', async () => {
    const problems: string[] = [];
    const unexpected: string[] = [];
    let successes = 0;
    for (const { path, operation } of reads()) {
      const { params, query } = argsFor(path, operation);
      const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      const response = await admin.raw('GET', url, { query, redirect: 'manual' });
      const body = await response.text();
      const problem = answers.problem(operation, response.status, response.headers.get('content-type'), body);
      if (problem) problems.push(`${operation.operationId} GET ${url}: ${problem}`);
      const errcode = response.headers.get('content-type')?.startsWith('application/json')
        ? (JSON.parse(body) as { errcode?: number }).errcode
        : undefined;
      const succeeded = response.status < 400 && (errcode === undefined || errcode === 0);
      if (succeeded) successes++;
      if (succeeded === operation.operationId in NOT_SUCCESS)
        unexpected.push(`${operation.operationId}: HTTP ${response.status} errcode ${errcode} ${body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(successes).toBeGreaterThan(70);
  });

  it("documents the 401 every GET needing a session answers without one, and the runtime's for a bad token", async () => {
    const problems: string[] = [];
    const anonymous = server.client('en');
    for (const { path, operation } of reads().filter((r) => r.operation['x-allow'] !== 'public')) {
      const { params, query } = argsFor(path, operation);
      const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
      const response = await anonymous.raw('GET', url, { query, redirect: 'manual' });
      expect(response.status, operation.operationId).toBe(401);
      const problem = answers.problem(
        operation,
        response.status,
        response.headers.get('content-type'),
        await response.text(),
      );
      if (problem) problems.push(`${operation.operationId}: ${problem}`);
    }
    // A public call checking a credential of its own: the runtime with an access token that is none.
    const messages = document.paths['/rest/bpm/messages'].get;
    const refused = await anonymous.raw('GET', '/rest/bpm/messages', {
      query: { accessToken: 'not-a-token', userCode: 'nobody' },
    });
    expect(refused.status).toBe(401);
    const problem = answers.problem(
      messages,
      refused.status,
      refused.headers.get('content-type'),
      await refused.text(),
    );
    if (problem) problems.push(`${messages.operationId}: ${problem}`);
    expect(problems).toEqual([]);
  });

  it("documents the messaging sign-in's pages: its refusals (not found, bad request) and its redirect", async () => {
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const service of ['wechat', 'dingding', 'feishu']) {
      for (const applicationId of ['no-such-application', demo.applicationId]) {
        for (const tail of ['', '/callback']) {
          const path = `/authtime/im/${service}/entry/{domainId}/{applicationId}${tail}`;
          const url = path.replace('{domainId}', demo.domainId).replace('{applicationId}', applicationId);
          const response = await server.client('en').raw('GET', url, { redirect: 'manual' });
          statuses.add(response.status);
          const problem = answers.problem(
            document.paths[path].get,
            response.status,
            response.headers.get('content-type'),
            await response.text(),
          );
          if (problem) problems.push(`GET ${url}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(statuses).toContain(404);
  });
});

/** The path parameter `id` names a different thing in each area; the demo value's key by path. */
function idOf(path: string): string {
  const areas: Array<[RegExp, string]> = [
    [/^\/authtime\/domain\/calendar\//, 'calendarId'],
    [/^\/authtime\/department\//, 'departmentId'],
    [/^\/authtime\/(domain\/)?applications?\//, 'applicationId'],
    [/^\/authtime\/superuser\//, 'superuserId'],
    [/^\/authtime\/user\//, 'userId'],
    [/^\/authtime\/domain\/\{id\}/, 'domainId'],
  ];
  return areas.find(([re]) => re.test(path))?.[1] ?? 'id';
}

/** Ids of the demo data (Acme, its first application, department, calendar, user…) under the
 *  parameter names that ask for them (`query.<operation>.<name>` for one operation's own), plus what
 *  the demo lacks on both databases: an engine world's running instance and a secret of Acme. */
async function demoArguments(server: TestServer, admin: ApiClient): Promise<Record<string, string>> {
  const { db } = server;
  const world = await makeEngineWorld(db, 'Acme', 'oa');
  const accessToken = await runtimeAccess(db, world);
  const started = await server.client('en').call<{ instanceId: string }>('POST', '/rest/bpm/runtime/start', {
    query: { accessToken, userCode: 'oa-init', applicationId: world.applicationId, flowId: 'linear' },
    body: {},
  });
  if (started.reply.errcode !== 0) throw new Error(`no instance started: ${started.reply.errmsg}`);
  // A secret known to the test, for the exchange (it ends the token above, used already).
  const { secret } = await regenerateSecret(db, world.domainId);
  const domainId = world.domainId;
  const applicationId = (
    await db
      .selectFrom('domain_applications as b')
      .innerJoin('app_modules as m', 'm.application_id', 'b.application_id')
      .select('b.application_id')
      .where('b.domain_id', '=', domainId)
      .where('b.enabled', '=', true)
      .orderBy('b.application_id')
      .executeTakeFirstOrThrow()
  ).application_id;
  const department = await db
    .selectFrom('departments')
    .select('id')
    .where('domain_id', '=', domainId)
    .orderBy('level')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const child = await db
    .selectFrom('departments')
    .select('id')
    .where('domain_id', '=', domainId)
    .where('level', '>', 1)
    .executeTakeFirst();
  const user = await db
    .selectFrom('users')
    .select(['id', 'loginno'])
    .where('domain_id', '=', domainId)
    .where('status', '=', 1)
    .where('loginno', 'not like', 'oa-%')
    .orderBy('loginno')
    .executeTakeFirstOrThrow();
  const calendar = await db
    .selectFrom('work_calendars')
    .select('id')
    .where('domain_id', '=', domainId)
    .executeTakeFirstOrThrow();
  const superuser = await db.selectFrom('superusers').select('id').orderBy('id').executeTakeFirstOrThrow();
  const role = await db
    .selectFrom('app_roles')
    .select('id')
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const module = await db
    .selectFrom('app_modules')
    .select('id')
    .where('application_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const task = await db.selectFrom('timed_tasks').select('id').executeTakeFirst();
  // The log is written after the replies (operation-log/log-writer.ts): the sign-in's entry may still be queued.
  await server.app.services.operationLog.idle();
  const log = await db
    .selectFrom('operation_log')
    .select(['seq', 'domain_id'])
    .orderBy('seq')
    .executeTakeFirstOrThrow();
  const signIn = await admin.call<{ accessToken: string; userCode: string }>('POST', '/authtime/swagger/login', {
    query: { userid: user.id },
    body: { reason: 'OpenAPI answers test' },
  });
  return {
    domainId,
    applicationId,
    calendarId: calendar.id,
    calendarid: calendar.id,
    departmentId: department.id,
    depid: child?.id ?? department.id,
    userId: user.id,
    userid: user.id,
    superuserId: superuser.id,
    moduleId: module.id,
    docId: started.reply.data.instanceId,
    flowId: 'linear',
    lang: 'en',
    'query.domainid': domainId,
    'query.applicationId': applicationId,
    'query.applicationid': applicationId,
    'query.application': applicationId,
    'query.userid': user.id,
    'query.roleId': role.id,
    'query.loginNo': user.loginno,
    'query.logid': String(log.seq),
    'query.id': started.reply.data.instanceId,
    'query.nodeid': 'lead',
    'query.nodeId': 'lead',
    'query.accessToken': signIn.reply.data.accessToken,
    'query.userCode': signIn.reply.data.userCode,
    'query.secret': secret,
    'query.path': 'package',
    // The engine world's instance is of its own application; a department's users are one choice.
    'query.flows.selectApprovers.applicationId': world.applicationId,
    'query.flows.selectApprovers.type': '3',
    'query.flowAnalytics.flowAndNodeTime.applicationid': world.applicationId,
    'query.operationLog.get.logid': String(log.seq),
    // The task runtime's view of the engine world's running instance.
    'query.runtime.instance.applicationId': world.applicationId,
    'query.runtime.instance.flowId': 'linear',
    'query.runtime.instance.instanceId': started.reply.data.instanceId,
    'operationLog.get.id': log.domain_id ?? 'platform',
    ...(task ? { 'query.timedTasks.runs.id': task.id } : {}),
  };
}
