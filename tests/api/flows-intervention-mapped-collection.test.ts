// The instances an intervention offers and accepts when it enters anew a multi-instance sub-process drawn
// inside a mapped one (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md): its
// collection is evaluated where it stands, over the mapped scope's inputs as the intervention enters it,
// not over the process's variables. Through the console's calls on both databases.
import { describe, expect, it } from 'vitest';
import { camundaDrawn, drawnCorpus } from './helpers/corpus-world.ts';
import { databaseTargets } from './helpers/databases.ts';
import { GLOBEX } from './helpers/test-server.ts';
import { interventionWorld } from './helpers/intervention-world.ts';

/** "Prepare", then "Board" (input `members` = `${board.members}`, shadowing the process's `members`)
 *  around "Each member", parallel over `${members}`: "Read brief" then "Vote", both `${member}`'s. */
const BOARD = `<bpmn:startEvent id="StartEvent_1"><bpmn:outgoing>Flow_1</bpmn:outgoing></bpmn:startEvent>
  <bpmn:userTask id="Activity_0pr7b2e" name="Prepare" camunda:assignee="mc-r1">
    <bpmn:incoming>Flow_1</bpmn:incoming><bpmn:outgoing>Flow_2</bpmn:outgoing>
  </bpmn:userTask>
  <bpmn:subProcess id="Activity_1bd4r9k" name="Board">
    <bpmn:extensionElements>
      <camunda:inputOutput><camunda:inputParameter name="members">\${board.members}</camunda:inputParameter></camunda:inputOutput>
    </bpmn:extensionElements>
    <bpmn:incoming>Flow_2</bpmn:incoming><bpmn:outgoing>Flow_3</bpmn:outgoing>
    <bpmn:startEvent id="Event_0f1"><bpmn:outgoing>Flow_4</bpmn:outgoing></bpmn:startEvent>
    <bpmn:subProcess id="Activity_0em5v2q" name="Each member">
      <bpmn:incoming>Flow_4</bpmn:incoming><bpmn:outgoing>Flow_5</bpmn:outgoing>
      <bpmn:multiInstanceLoopCharacteristics camunda:collection="\${members}" camunda:elementVariable="member" />
      <bpmn:startEvent id="Event_0g1"><bpmn:outgoing>Flow_6</bpmn:outgoing></bpmn:startEvent>
      <bpmn:userTask id="Activity_1rb3f8d" name="Read brief" camunda:assignee="\${member}">
        <bpmn:incoming>Flow_6</bpmn:incoming><bpmn:outgoing>Flow_7</bpmn:outgoing>
      </bpmn:userTask>
      <bpmn:userTask id="Activity_0vt6k1m" name="Vote" camunda:assignee="\${member}">
        <bpmn:incoming>Flow_7</bpmn:incoming><bpmn:outgoing>Flow_8</bpmn:outgoing>
      </bpmn:userTask>
      <bpmn:endEvent id="Event_0g2"><bpmn:incoming>Flow_8</bpmn:incoming></bpmn:endEvent>
      <sequenceFlow id="Flow_6" sourceRef="Event_0g1" targetRef="Activity_1rb3f8d" />
      <sequenceFlow id="Flow_7" sourceRef="Activity_1rb3f8d" targetRef="Activity_0vt6k1m" />
      <sequenceFlow id="Flow_8" sourceRef="Activity_0vt6k1m" targetRef="Event_0g2" />
    </bpmn:subProcess>
    <bpmn:endEvent id="Event_0f2"><bpmn:incoming>Flow_5</bpmn:incoming></bpmn:endEvent>
    <sequenceFlow id="Flow_4" sourceRef="Event_0f1" targetRef="Activity_0em5v2q" />
    <sequenceFlow id="Flow_5" sourceRef="Activity_0em5v2q" targetRef="Event_0f2" />
  </bpmn:subProcess>
  <bpmn:endEvent id="Event_1z6"><bpmn:incoming>Flow_3</bpmn:incoming></bpmn:endEvent>
  <sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Activity_0pr7b2e" />
  <sequenceFlow id="Flow_2" sourceRef="Activity_0pr7b2e" targetRef="Activity_1bd4r9k" />
  <sequenceFlow id="Flow_3" sourceRef="Activity_1bd4r9k" targetRef="Event_1z6" />`;

const targets = await databaseTargets();
const files = await drawnCorpus({ boardVote: BOARD }, camundaDrawn);
const PREPARE = 'Activity_0pr7b2e';
const READ = 'Activity_1rb3f8d';
const VOTE = 'Activity_0vt6k1m';

describe.each(targets)('a multi-instance sub-process inside a mapped one entered anew, on $name', (target) => {
  const iv = interventionWorld(target, { prefix: 'mc', files, comment: 'vote again' });
  const { openTasks, others, move } = iv;
  const start = () =>
    iv.engine.start('boardVote', 'mc-init', {
      formData: { members: ['mc-clerk'], board: { members: ['mc-r2', 'mc-lead'] } },
    });

  it('offers and places the instances the mapped scope gives, each by its own rule', async () => {
    const id = await start();
    expect(await openTasks(id)).toEqual([`${PREPARE}:mc-r1`]);
    const vote = (await others(id)).find((n) => n.id === VOTE);
    expect(vote).toMatchObject({ anew: true, perInstance: true });
    expect(vote?.instances).toEqual([
      { index: 0, element: 'mc-r2', user: 'Engine mc r2' },
      { index: 1, element: 'mc-lead', user: 'Engine mc lead' },
    ]);
    const moved = await move(id, [{ nodeid: VOTE, instances: [1] }]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    // The second board member votes; the first, not chosen, starts at the sub-process's start.
    expect(await openTasks(id)).toEqual([`${VOTE}:mc-lead`, `${READ}:mc-r2`]);
  }, 120_000);

  it("refuses an instance the mapped scope's collection does not give, and another enterprise's administrator", async () => {
    const id = await start();
    const beyond = await move(id, [{ nodeid: VOTE, instances: [2] }]);
    expect(beyond.reply.errmsg).toBe(
      '"Vote": "Each member" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
    );
    const globex = await iv.server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    expect((await move(id, [{ nodeid: VOTE, instances: [1] }], globex)).reply.errcode).toBe(1404);
    const peek = await globex.call('GET', '/authtime/domain/workflow/intervention/othernodes', { query: { id } });
    expect(peek.reply.errcode).toBe(1404);
    expect(await openTasks(id)).toEqual([`${PREPARE}:mc-r1`]);
  }, 120_000);
});
