// What the workflow probes need (docs/adr/0045-workflow-runtime-access-token.md): a process of an application bound to one tenant (Acme unless
// said), two steps each approved by one named user of it, a fresh access token, and instances at the
// step a probe acts on (made through the engine itself). Probes of calls that only read (a GET without
// effects, or `effects: false`) share one instance per step, checked still at that step before each use;
// every token is still made fresh from the tenant's secret, which is made again only once a probe has
// replaced it (docs/adr/0236-api-walks-share-read-only-runtime-fixtures.md).
import { randomUUID } from 'node:crypto';
import { exchangeSecret, regenerateSecret } from '../../../src/server/areas/open-api/tokens.ts';
import { startInstance, submitTask } from '../../../src/server/workflow/actions.ts';
import { reassign } from '../../../src/server/workflow/reassign.ts';
import type { World } from './fixtures.ts';

export interface RuntimeFixture {
  applicationId: string;
  processId: string;
  initiator: string;
  first: string;
  second: string;
  /** The query of a runtime call by `userCode` (login number), with a token made now. */
  query(userCode: string, instanceId?: string): Promise<Record<string, string>>;
  /** A new instance, waiting at the first step or (`firstDone`) at the second. */
  instance(step: 'started' | 'firstDone'): Promise<string>;
  /** For a call that only reads: an instance at that step, made once and reused while still there. */
  readInstance(step: 'started' | 'firstDone'): Promise<string>;
  /** The id of an on-job user of the tenant who approves the second step. */
  secondId: string;
  /** A batch change of approvers just made on a new instance (its id, for an undo). */
  batch(): Promise<string>;
}

const made = new WeakMap<World, Map<string, Promise<RuntimeFixture>>>();

export function runtimeFixture(world: World, tenant: 'acme' | 'globex' = 'acme'): Promise<RuntimeFixture> {
  const ofWorld = made.get(world) ?? new Map<string, Promise<RuntimeFixture>>();
  made.set(world, ofWorld);
  let fixture = ofWorld.get(tenant);
  if (!fixture) ofWorld.set(tenant, (fixture = build(world, tenant)));
  return fixture;
}

async function build(world: World, tenant: 'acme' | 'globex'): Promise<RuntimeFixture> {
  const { db } = world.server;
  const domainId = world.tenants[tenant].domainId;
  const people = await db
    .selectFrom('users')
    .select(['id', 'loginno'])
    .where('domain_id', '=', domainId)
    .where('status', '=', 1)
    .orderBy('loginno')
    .limit(3)
    .execute();
  const [initiator, first, second] = people;
  const applicationId = `matrix-runtime-${randomUUID()}`;
  const processId = 'matrix-review';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" id="d" targetNamespace="urn:matrix">
  <process id="${processId}" isExecutable="true">
    <startEvent id="s" /><sequenceFlow id="f1" sourceRef="s" targetRef="one" />
    <userTask id="one" name="First" atrium:approvers="user:${first.loginno}" /><sequenceFlow id="f2" sourceRef="one" targetRef="two" />
    <userTask id="two" name="Second" atrium:approvers="user:${second.loginno}" /><sequenceFlow id="f3" sourceRef="two" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>`;
  await db.insertInto('applications').values({ id: applicationId, domain_id: null, name: 'Matrix runtime' }).execute();
  await db
    .insertInto('app_forms')
    .values({
      application_id: applicationId,
      id: 'review-form',
      module_id: 'main',
      fields: '[]',
      names: '{"en":"Review"}',
    })
    .execute();
  await db
    .insertInto('app_processes')
    .values({
      application_id: applicationId,
      id: processId,
      form_id: 'review-form',
      bpmn: xml,
      names: '{"en":"Review"}',
    })
    .execute();
  await db.insertInto('domain_applications').values({ domain_id: domainId, application_id: applicationId }).execute();
  const instance = async (step: 'started' | 'firstDone') => {
    const { instanceId } = await startInstance(db, { domainId, applicationId, processId, initiatorId: initiator.id });
    if (step === 'firstDone') await submitTask(db, { instanceId, userId: first.id });
    return instanceId;
  };
  const shared = new Map<'started' | 'firstDone', string>();
  // Still open with its one token at the step's task: anything a probe changed shows here.
  const stillAt = async (instanceId: string, step: 'started' | 'firstDone') => {
    const tokens = await db
      .selectFrom('flow_tokens as t')
      .innerJoin('flow_instances as i', 'i.id', 't.instance_id')
      .select('t.node_id')
      .where('t.instance_id', '=', instanceId)
      .where('i.completed_at', 'is', null)
      .execute();
    return tokens.length === 1 && tokens[0].node_id === (step === 'started' ? 'one' : 'two');
  };
  let secret: string | undefined;
  const token = async () => {
    const kept = secret && (await exchangeSecret(db, secret));
    if (kept) return kept.accessToken;
    secret = (await regenerateSecret(db, domainId)).secret; // a probe replaced it (openApi calls)
    return (await exchangeSecret(db, secret))!.accessToken;
  };
  return {
    applicationId,
    secondId: second.id,
    processId,
    initiator: initiator.loginno,
    first: first.loginno,
    second: second.loginno,
    async query(userCode, instanceId) {
      const accessToken = await token();
      return { accessToken, userCode, applicationId, flowId: processId, ...(instanceId ? { instanceId } : {}) };
    },
    instance,
    async readInstance(step) {
      const kept = shared.get(step);
      if (kept && (await stillAt(kept, step))) return kept;
      const made = await instance(step);
      shared.set(step, made);
      return made;
    },
    async batch() {
      const { instanceId } = await startInstance(db, { domainId, applicationId, processId, initiatorId: initiator.id });
      const batchId = randomUUID();
      await db
        .insertInto('flow_batches')
        .values({ id: batchId, domain_id: domainId, admin_id: null, undone_at: null })
        .execute();
      await reassign(db, {
        instanceId,
        adminId: (await db.selectFrom('superusers').select('id').executeTakeFirstOrThrow()).id,
        batchId,
        change: { kind: 'set', userIds: [second.id] },
        comment: 'matrix',
      });
      return batchId;
    },
  };
}
