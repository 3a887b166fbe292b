// Camunda 8's output collection on a multi-instance embedded sub-process (docs/adr/0212-multi-instance-sub-process-outputs.md),
// on both databases. The drawing is the corpus file c8-regional-review (Camunda Modeler 8: each region's
// manager reviews the plan in a parallel sub-process over `regions`, explains a rejection inside it,
// `reviews` collects each region's `approved`, the gateway after it reads
// `=every r in reviews satisfies r = true`), uploaded as a bare .bpmn to the office application through
// the platform's upload and install, then run through the runtime REST to each end; with variants drawn
// from it (in turn, a completion condition reading the running list, an error caught on the sub-process)
// and a vote collected inside each region's instance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpus, type CorpusFile } from '../unit/core/workflow/bpmn-corpus.ts';
import { exchangeSecret, regenerateSecret } from '../../src/server/areas/open-api/tokens.ts';
import { databaseTargets } from './helpers/databases.ts';
import { makeEngineWorld, type EngineWorld } from './helpers/engine-world.ts';
import { redrawn } from './helpers/corpus-run.ts';
import { historyOf, instanceOf, openTaskAssignees, tasksOf } from './helpers/instance-readers.ts';
import { runtimeOf, type Runtime } from './helpers/runtime-calls.ts';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { uploaded } from './helpers/upload-calls.ts';
import { applicationOf } from './helpers/demo-applications.ts';

const targets = await databaseTargets();
const drawn = (await readCorpus()).find((c) => c.file === 'c8-regional-review.bpmn')!;

const REVIEW = 'Activity_1m4d7rk';
const EXPLAIN = 'Activity_0p9t3vw';
const REGIONS = 'Activity_0x3k2ab';
const APPROVED = 'Event_1k9w5ns';
const RETURNED = 'Event_0y2p7ce';

/** The regions one after the other. */
const inTurn = () =>
  redrawn(drawn, { file: 'c8-regional-review-in-turn.bpmn', processId: 'Process_1h8d2wq', name: 'Review in turn' }, [
    ['<bpmn:multiInstanceLoopCharacteristics>', '<bpmn:multiInstanceLoopCharacteristics isSequential="true">'],
  ]);

/** Done at the first region that rejected: the condition reads `reviews` as it stands. */
const firstRejection = () =>
  redrawn(
    drawn,
    { file: 'c8-regional-review-veto.bpmn', processId: 'Process_0c5n7rt', name: 'Review to a rejection' },
    [
      [
        '</bpmn:extensionElements>\n      </bpmn:multiInstanceLoopCharacteristics>',
        '</bpmn:extensionElements>\n        <bpmn:completionCondition xsi:type="bpmn:tFormalExpression">=list contains(reviews, false)</bpmn:completionCondition>\n      </bpmn:multiInstanceLoopCharacteristics>',
      ],
    ],
  );

/** A rejection explained ends in an error that a boundary on the sub-process catches: no list. */
const vetoed = () =>
  redrawn(drawn, { file: 'c8-regional-review-error.bpmn', processId: 'Process_1q0v6ze', name: 'Review vetoed' }, [
    [
      '<bpmn:incoming>Flow_1e7y4gh</bpmn:incoming>\n      </bpmn:endEvent>',
      '<bpmn:incoming>Flow_1e7y4gh</bpmn:incoming>\n        <bpmn:errorEventDefinition id="ErrorEventDefinition_1p3x9kd" errorRef="Error_0g6b2tm" />\n      </bpmn:endEvent>',
    ],
    [
      '    <bpmn:exclusiveGateway id="Gateway_1d5q0ax"',
      `    <bpmn:boundaryEvent id="Event_0t4m8ya" name="Region vetoed" attachedToRef="${REGIONS}">
      <bpmn:outgoing>Flow_0v2k7hs</bpmn:outgoing>
      <bpmn:errorEventDefinition id="ErrorEventDefinition_0w5r1cj" errorRef="Error_0g6b2tm" />
    </bpmn:boundaryEvent>
    <bpmn:endEvent id="Event_1s7c3ld" name="Plan vetoed">
      <bpmn:incoming>Flow_0v2k7hs</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_0v2k7hs" sourceRef="Event_0t4m8ya" targetRef="Event_1s7c3ld" />
    <bpmn:exclusiveGateway id="Gateway_1d5q0ax"`,
    ],
    ['  </bpmn:process>', '  </bpmn:process>\n  <bpmn:error id="Error_0g6b2tm" name="Region veto" errorCode="VETO" />'],
  ]);

/** Each region votes by its members (a multi-instance user task inside each instance): the vote's list is
 *  the region instance's own variable (`votes`, which the sub-process's output element names alone), and
 *  `reviews` holds one list of votes per region. */
const votesIn = () =>
  redrawn(drawn, { file: 'c8-regional-votes.bpmn', processId: 'Process_1x7f3pb', name: 'Regional votes' }, [
    [
      'inputElement="regionManager" outputCollection="reviews" outputElement="=approved"',
      'inputElement="region" outputCollection="reviews" outputElement="=votes"',
    ],
    [
      '<zeebe:assignmentDefinition assignee="=regionManager" />\n        </bpmn:extensionElements>\n        <bpmn:incoming>Flow_0q2w9ds</bpmn:incoming>\n        <bpmn:outgoing>Flow_1b8f5ne</bpmn:outgoing>',
      `<zeebe:assignmentDefinition assignee="=voter" />
        </bpmn:extensionElements>
        <bpmn:incoming>Flow_0q2w9ds</bpmn:incoming>
        <bpmn:outgoing>Flow_1b8f5ne</bpmn:outgoing>
        <bpmn:multiInstanceLoopCharacteristics>
          <bpmn:extensionElements>
            <zeebe:loopCharacteristics inputCollection="=region" inputElement="voter" outputCollection="votes" outputElement="=approved" />
          </bpmn:extensionElements>
        </bpmn:multiInstanceLoopCharacteristics>`,
    ],
    // Inside, the region goes on to its approved end when no member voted against.
    ['=approved = true', '=every v in votes satisfies v = true'],
    ['<zeebe:assignmentDefinition assignee="=regionManager" />', '<zeebe:assignmentDefinition assignee="=author" />'],
    ['=every r in reviews satisfies r = true', '=count(reviews) = 2'],
  ]);

type Plan = { changes: Array<{ id: string; change: string }>; warnings: Array<{ field: string; message: string }> };

describe.each(targets)('output collections of multi-instance sub-processes, on $name', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let officeId: string;
  let runtime: Runtime;
  let world: EngineWorld;
  const install = (path: string, mode: 'preview' | 'commit', client = admin) =>
    client.call<Plan>('POST', '/authtime/applications/process', {
      query: { mode, applicationId: officeId },
      body: { path },
    });
  /** Uploads the drawing as the console does and installs it, through the preview first. */
  async function uploadAndInstall(file: CorpusFile): Promise<Plan> {
    const path = await uploaded(admin, { path: 'process' }, file.file, file.xml);
    const preview = await install(path, 'preview');
    expect(preview.reply.errcode, preview.reply.errmsg).toBe(0);
    const commit = await install(path, 'commit');
    expect(commit.reply.errcode, commit.reply.errmsg).toBe(0);
    return preview.reply.data;
  }
  const user = (key: keyof EngineWorld['users']) => `rr-${key === 'initiator' ? 'init' : key}`;
  const start = (flow: string, formData: Record<string, unknown>) =>
    runtime.start(flow, user('initiator'), { formData });
  const submit = (flow: string, id: string, who: keyof EngineWorld['users'], formData: Record<string, unknown> = {}) =>
    runtime.submit(flow, id, user(who), { formData });
  const variables = async (id: string) => (await instanceOf(server.db, id)).form_data;
  const ends = async (flow: string, id: string, ...of: string[]) =>
    (await runtime.diagram(flow, id, user('initiator'))).done.filter((n) => of.includes(n));

  beforeAll(async () => {
    server = await startTestServer(target);
    admin = await server.signedIn(ADMIN.username, ADMIN.password, 'en');
    officeId = await applicationOf(server.db);
    // The region managers are users of the enterprise the office application is bound to.
    world = { ...(await makeEngineWorld(server.db, 'Acme', 'rr')), applicationId: officeId };
    const token = (await exchangeSecret(server.db, (await regenerateSecret(server.db, world.domainId)).secret))!;
    runtime = runtimeOf(server, world, token.accessToken);
    const plan = await uploadAndInstall(drawn);
    expect(plan.changes).toEqual([expect.objectContaining({ id: drawn.processId, change: 'added' })]);
    // Nothing on the loop is passed over: the preview warns of nothing in the drawing.
    expect(plan.warnings.filter((w) => w.field.includes(drawn.processId))).toEqual([]);
    for (const file of [await inTurn(), await firstRejection(), await vetoed(), await votesIn()])
      await uploadAndInstall(file);
  }, 300_000);
  afterAll(async () => server?.close());

  it('collects each region in the collection order, its own `approved` read inside it; the gateway reads the list', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { regions: ['rr-r1', 'rr-r2'], approved: 'the process own' });
    expect(await openTaskAssignees(server.db, id)).toEqual([`${REVIEW}:rr-r1`, `${REVIEW}:rr-r2`]);
    // r1 rejects: its instance's gateway reads its own `approved` and asks it to explain.
    expect(await submit(flow, id, 'r1', { approved: false })).toBe('running');
    expect(await openTaskAssignees(server.db, id)).toEqual([`${EXPLAIN}:rr-r1`, `${REVIEW}:rr-r2`]);
    // r2 approves and its instance ends while r1's still runs: each keeps its own value.
    expect(await submit(flow, id, 'r2', { approved: true, comment: 'fine' })).toBe('running');
    const during = await variables(id);
    expect(during).toMatchObject({ approved: 'the process own', comment: 'fine' });
    expect(during).not.toHaveProperty('reviews');
    expect(await submit(flow, id, 'r1', { reason: 'budget too high' })).toBe('completed');
    const after = await variables(id);
    expect(after.reviews).toEqual([false, true]);
    expect(after).toMatchObject({ approved: 'the process own', reason: 'budget too high' });
    expect(await ends(flow, id, APPROVED, RETURNED)).toEqual([RETURNED]);
  }, 120_000);

  it('takes the approved end when every region approved', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { regions: ['rr-r2', 'rr-lead', 'rr-r1'] });
    for (const who of ['r1', 'lead'] as const) expect(await submit(flow, id, who, { approved: true })).toBe('running');
    expect(await submit(flow, id, 'r2', { approved: true })).toBe('completed');
    expect((await variables(id)).reviews).toEqual([true, true, true]);
    expect(await variables(id)).not.toHaveProperty('approved');
    expect(await ends(flow, id, APPROVED, RETURNED)).toEqual([APPROVED]);
  }, 120_000);

  it('collects regions in turn the same way', async () => {
    const flow = (await inTurn()).processId;
    const id = await start(flow, { regions: ['rr-r1', 'rr-r2'] });
    expect(await openTaskAssignees(server.db, id)).toEqual([`${REVIEW}:rr-r1`]);
    expect(await submit(flow, id, 'r1', { approved: true })).toBe('running');
    // The next instance starts with its own `approved` unset: r2's gateway does not see r1's.
    expect(await submit(flow, id, 'r2', {})).toBe('running');
    expect(await openTaskAssignees(server.db, id)).toEqual([`${EXPLAIN}:rr-r2`]);
    expect(await submit(flow, id, 'r2', { reason: 'no answer' })).toBe('completed');
    expect((await variables(id)).reviews).toEqual([true, null]);
    expect(await ends(flow, id, APPROVED, RETURNED)).toEqual([RETURNED]);
  }, 120_000);

  it('lets the completion condition read the list as it stands: the first rejection ends the review', async () => {
    const flow = (await firstRejection()).processId;
    const id = await start(flow, { regions: ['rr-r1', 'rr-r2', 'rr-lead'] });
    expect(await submit(flow, id, 'r2', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'r1', { approved: false })).toBe('running');
    expect(await submit(flow, id, 'r1', { reason: 'no' })).toBe('completed');
    // The lead's instance was still running: cancelled, its entry null.
    expect((await variables(id)).reviews).toEqual([false, true, null]);
    expect((await tasksOf(server.db, id)).filter((t) => t.startsWith(REVIEW)).sort()).toEqual([
      `${REVIEW}:cancelled`,
      `${REVIEW}:done`,
      `${REVIEW}:done`,
    ]);
    expect(await ends(flow, id, APPROVED, RETURNED)).toEqual([RETURNED]);
  }, 120_000);

  it('sets no list when an error caught on the sub-process interrupts it', async () => {
    const flow = (await vetoed()).processId;
    const id = await start(flow, { regions: ['rr-r1', 'rr-r2'] });
    expect(await submit(flow, id, 'r2', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'r1', { approved: false })).toBe('running');
    expect(await submit(flow, id, 'r1', { reason: 'veto' })).toBe('completed');
    expect(await variables(id)).not.toHaveProperty('reviews');
    expect(await ends(flow, id, APPROVED, RETURNED, 'Event_1s7c3ld')).toEqual(['Event_1s7c3ld']);
    // Only the rejection was walked to its end; the approving region's output went with the sub-process.
    expect(await historyOf(server.db, id)).toContain(`complete Event_1s7c3ld`);
  }, 120_000);

  it('sets the list of the regions that ended when an intervention moves the instance off the sub-process', async () => {
    const flow = drawn.processId;
    const id = await start(flow, { regions: ['rr-r1', 'rr-r2'] });
    expect(await submit(flow, id, 'r2', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'r1', { approved: false })).toBe('running');
    const moved = await admin.call('POST', '/authtime/domain/workflow/intervention/doflow', {
      query: { id },
      body: { submitTo: [{ nodeid: RETURNED, userids: '' }], comment: 'review stuck' },
    });
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    // r1's instance had not ended (its explanation was open): null, as a completion condition leaves it.
    expect((await variables(id)).reviews).toEqual([null, true]);
    expect((await instanceOf(server.db, id)).status).toBe('completed');
  }, 120_000);

  it("collects a vote inside each region's instance as that instance's own list", async () => {
    const flow = (await votesIn()).processId;
    const id = await start(flow, { regions: [['rr-r1', 'rr-r2'], ['rr-lead']], author: 'rr-clerk' });
    expect(await openTaskAssignees(server.db, id)).toEqual([`${REVIEW}:rr-lead`, `${REVIEW}:rr-r1`, `${REVIEW}:rr-r2`]);
    expect(await submit(flow, id, 'r2', { approved: false })).toBe('running');
    expect(await submit(flow, id, 'lead', { approved: true })).toBe('running');
    expect(await submit(flow, id, 'r1', { approved: true })).toBe('running');
    // The first region's vote has a rejection: its author explains; the second region's went on.
    expect(await openTaskAssignees(server.db, id)).toEqual([`${EXPLAIN}:rr-clerk`]);
    expect(await variables(id)).not.toHaveProperty('votes');
    expect(await submit(flow, id, 'clerk', {})).toBe('completed');
    const after = await variables(id);
    expect(after.reviews).toEqual([[true, false], [true]]);
    expect(after).not.toHaveProperty('votes');
    expect(await ends(flow, id, APPROVED, RETURNED)).toEqual([APPROVED]);
  }, 120_000);

  it('refuses a vote collected into the process inside the sub-process, naming both, in the caller language', async () => {
    // The sub-process keeps `approved` as each instance's own, not `votes`: the vote's list would be the process's.
    const xml = drawn.xml.replace(
      '<bpmn:incoming>Flow_0q2w9ds</bpmn:incoming>\n        <bpmn:outgoing>Flow_1b8f5ne</bpmn:outgoing>',
      `<bpmn:incoming>Flow_0q2w9ds</bpmn:incoming>
        <bpmn:outgoing>Flow_1b8f5ne</bpmn:outgoing>
        <bpmn:multiInstanceLoopCharacteristics>
          <bpmn:extensionElements>
            <zeebe:loopCharacteristics inputCollection="=regionManagers" inputElement="regionManager" outputCollection="votes" outputElement="=ok" />
          </bpmn:extensionElements>
        </bpmn:multiInstanceLoopCharacteristics>`,
    );
    const path = await uploaded(admin, { path: 'process' }, 'votes.bpmn', xml);
    for (const [language, text] of [
      ['en', 'inside the multi-instance sub-process "Region review (Activity_0x3k2ab)"'],
      ['zh', '在多实例子流程“Region review (Activity_0x3k2ab)”内'],
      ['cn', '在多實例子流程「Region review (Activity_0x3k2ab)」內'],
    ] as const) {
      const { reply } = await install(path, 'preview', admin.withLanguage(language));
      expect(reply.errcode).toBe(1001);
      const errors = (reply.data as unknown as { errors: Array<{ field: string; message: string }> }).errors;
      expect(errors.map((e) => e.field)).toEqual([expect.stringMatching(/#Activity_1m4d7rk$/)]);
      expect(errors[0].message).toContain('Review region plan (Activity_1m4d7rk)');
      expect(errors[0].message).toContain(text);
    }
  }, 120_000);
});
