// A small world for the process engine's tests: an application of its own with processes written in
// BPMN here, bound to one demo enterprise, a department whose lead is its liaison officer, a clerk and
// two holders of the application's `reviewer` role.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/server/db/schema.ts';
import { exchangeSecret, regenerateSecret } from '../../../src/server/areas/open-api/tokens.ts';

export const bpmn = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:test">
  <process id="p" isExecutable="true">${body}</process>
</definitions>`;
export const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><conditionExpression>${condition}</conditionExpression></sequenceFlow>`
    : `<sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

/** The processes of the test application, by id. */
export const PROCESSES: Record<string, string> = {
  linear:
    bpmn(`<startEvent id="s" />${flow('f1', 's', 'lead')}<userTask id="lead" name="Lead" atrium:approvers="superior" />${flow('f2', 'lead', 'review')}
    <userTask id="review" name="Review" atrium:approvers="role:reviewer" />${flow('f3', 'review', 'e')}<endEvent id="e" name="Done" />`),
  everyone: bpmn(
    `<startEvent id="s" />${flow('f1', 's', 'board')}<userTask id="board" name="Board" atrium:approvers="role:reviewer"><multiInstanceLoopCharacteristics /></userTask>${flow('f2', 'board', 'e')}<endEvent id="e" />`,
  ),
  branch:
    bpmn(`<startEvent id="s" />${flow('f1', 's', 'g')}<exclusiveGateway id="g" default="small" />${flow('small', 'g', 'clerk')}${flow('big', 'g', 'lead', 'amount &gt; 100')}
    <userTask id="clerk" name="Clerk" atrium:approvers="user:eng-clerk" />${flow('f2', 'clerk', 'e')}<userTask id="lead" name="Lead" atrium:approvers="superior" />${flow('f3', 'lead', 'e')}<endEvent id="e" />`),
  parallel:
    bpmn(`<startEvent id="s" />${flow('f1', 's', 'split')}<parallelGateway id="split" />${flow('a', 'split', 'clerk')}${flow('b', 'split', 'log')}
    <userTask id="clerk" name="Clerk" atrium:approvers="user:eng-clerk" /><serviceTask id="log" name="Log" />${flow('b2', 'log', 'lead')}<userTask id="lead" name="Lead" atrium:approvers="superior" />
    ${flow('a2', 'clerk', 'join')}${flow('b3', 'lead', 'join')}<parallelGateway id="join" />${flow('f9', 'join', 'e')}<endEvent id="e" />`),
  // Two branches, each to an end of its own: the auto task's ends first while the clerk still works.
  parallelEnds:
    bpmn(`<startEvent id="s" />${flow('f1', 's', 'split')}<parallelGateway id="split" />${flow('a', 'split', 'clerk')}${flow('b', 'split', 'log')}
    <userTask id="clerk" name="Clerk" atrium:approvers="user:eng-clerk" />${flow('a2', 'clerk', 'e')}<endEvent id="e" name="Done" />
    <serviceTask id="log" name="Log" />${flow('b2', 'log', 'logged')}<endEvent id="logged" name="Logged" />`),
  // The clerk chooses where it goes next: the lead or the review; a small amount may also end it.
  choice:
    bpmn(`<startEvent id="s" />${flow('f1', 's', 'clerk')}<userTask id="clerk" name="Clerk" atrium:approvers="user:eng-clerk" />${flow('f2', 'clerk', 'pick')}
    <exclusiveGateway id="pick" name="Where next" atrium:choice="true" />${flow('toLead', 'pick', 'lead')}${flow('toReview', 'pick', 'review')}${flow('toEnd', 'pick', 'e', 'amount &lt; 10')}
    <userTask id="lead" name="Lead" atrium:approvers="superior" />${flow('f3', 'lead', 'e')}<userTask id="review" name="Review" atrium:approvers="role:reviewer" />${flow('f4', 'review', 'e')}<endEvent id="e" />`),
  nobody: bpmn(
    `<startEvent id="s" />${flow('f1', 's', 'x')}<userTask id="x" name="Nobody" atrium:approvers="user:no-such-user" />${flow('f2', 'x', 'e')}<endEvent id="e" />`,
  ),
};

export type EngineUsers = Record<'initiator' | 'lead' | 'clerk' | 'r1' | 'r2', string>;

export interface EngineWorld {
  domainId: string;
  applicationId: string;
  users: EngineUsers;
}

/** Makes the world in the enterprise named `domainName`; login numbers start with `prefix`. */
export async function makeEngineWorld(db: Db, domainName: string, prefix = 'eng'): Promise<EngineWorld> {
  const domainId = (
    await db.selectFrom('domains').select('id').where('name', '=', domainName).executeTakeFirstOrThrow()
  ).id;
  const applicationId = randomUUID();
  await db
    .insertInto('applications')
    .values({ id: applicationId, domain_id: null, name: `Engine test ${prefix}` })
    .execute();
  await db.insertInto('domain_applications').values({ domain_id: domainId, application_id: applicationId }).execute();
  await db
    .insertInto('app_processes')
    .values(
      Object.entries(PROCESSES).map(([id, xml]) => ({
        application_id: applicationId,
        id,
        names: JSON.stringify({ en: `Flow ${id}` }),
        form_id: 'form',
        bpmn: xml.replace('process id="p"', `process id="${id}"`).replaceAll('user:eng-', `user:${prefix}-`),
      })),
    )
    .execute();
  const department = randomUUID();
  await db
    .insertInto('departments')
    .values({ id: department, domain_id: domainId, name: `Engine_${prefix}`, code: `${prefix.toUpperCase()}-T` })
    .execute();
  const users: EngineUsers = { initiator: '', lead: '', clerk: '', r1: '', r2: '' };
  for (const key of Object.keys(users) as Array<keyof EngineUsers>) {
    users[key] = randomUUID();
    await db
      .insertInto('users')
      .values({
        id: users[key],
        domain_id: domainId,
        department_id: department,
        name: `Engine ${prefix} ${key}`,
        loginno: `${prefix}-${key === 'initiator' ? 'init' : key}`,
        password_hash: null,
        liaison: key === 'lead',
      })
      .execute();
  }
  const role = randomUUID();
  await db
    .insertInto('app_roles')
    .values({ id: role, application_id: applicationId, package_role: 'reviewer', name: 'Reviewer' })
    .execute();
  await db
    .insertInto('role_users')
    .values([
      { role_id: role, user_id: users.r1 },
      { role_id: role, user_id: users.r2 },
    ])
    .execute();
  return { domainId, applicationId, users };
}

/** Lets programs run the world's processes through the runtime (docs/adr/0045-workflow-runtime-access-token.md): the enterprise offers them once
 *  their form's module is there; answers a fresh access token of the enterprise. */
export async function runtimeAccess(db: Db, world: EngineWorld): Promise<string> {
  await db
    .insertInto('app_forms')
    .values({
      application_id: world.applicationId,
      id: 'form',
      module_id: 'main',
      fields: '[]',
      names: '{"en":"Form"}',
    })
    .execute();
  return (await exchangeSecret(db, (await regenerateSecret(db, world.domainId)).secret))!.accessToken;
}
