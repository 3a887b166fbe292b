// Processes that wait for timers, messages and workers (docs/adr/0126-timers-and-messages.md,
// docs/adr/0127-jobs-and-external-tasks.md), installed as processes of an engine test world.
import type { Db } from '../../../src/server/db/schema.ts';
import type { EngineWorld } from './engine-world.ts';
import { flow } from './engine-world.ts';

const doc = (id: string, body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="urn:atrium:bpmn" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="urn:test">
  <process id="${id}" isExecutable="true">${body}</process>${extra}
</definitions>`;

const clerk = (id: string, name: string) => `<userTask id="${id}" name="${name}" atrium:approvers="user:eng-clerk" />`;
const lead = (id: string, name: string) => `<userTask id="${id}" name="${name}" atrium:approvers="superior" />`;
const timer = (what: string) => `<timerEventDefinition><timeDuration>${what}</timeDuration></timerEventDefinition>`;

export const WAITING: Record<string, string> = {
  // Waits a second, then the clerk approves.
  pause: doc(
    'pause',
    `<startEvent id="s" />${flow('f1', 's', 'wait')}<intermediateCatchEvent id="wait" name="A moment">${timer('PT1S')}</intermediateCatchEvent>
    ${flow('f2', 'wait', 'check')}${clerk('check', 'Check')}${flow('f3', 'check', 'e')}<endEvent id="e" />`,
  ),
  // The clerk has a second; then the task goes to the lead.
  escalate: doc(
    'escalate',
    `<startEvent id="s" />${flow('f1', 's', 'check')}${clerk('check', 'Check')}${flow('f2', 'check', 'done')}<endEvent id="done" name="Done" />
    <boundaryEvent id="late" name="Too late" attachedToRef="check">${timer('PT1S')}</boundaryEvent>
    ${flow('f3', 'late', 'boss')}${lead('boss', 'Escalated')}${flow('f4', 'boss', 'escalated')}<endEvent id="escalated" name="Escalated" />`,
  ),
  // The clerk is reminded twice, a second apart, and keeps the task.
  remind: doc(
    'remind',
    `<startEvent id="s" />${flow('f1', 's', 'check')}${clerk('check', 'Check')}${flow('f2', 'check', 'e')}<endEvent id="e" />
    <boundaryEvent id="nudge" name="Reminder" cancelActivity="false" attachedToRef="check"><timerEventDefinition><timeCycle>R2/PT1S</timeCycle></timerEventDefinition></boundaryEvent>
    ${flow('f3', 'nudge', 'note')}<serviceTask id="note" name="Note the reminder" />${flow('f4', 'note', 'noted')}<endEvent id="noted" />`,
  ),
  // An offer waits for the answer or a timeout, whichever comes first.
  offer: doc(
    'offer',
    `<startEvent id="s" />${flow('f1', 's', 'g')}<eventBasedGateway id="g" />${flow('f2', 'g', 'answer')}${flow('f3', 'g', 'expire')}
    <intermediateCatchEvent id="answer" name="Answer"><messageEventDefinition messageRef="m1" /></intermediateCatchEvent>
    <intermediateCatchEvent id="expire" name="Expiry">${timer('PT1S')}</intermediateCatchEvent>
    ${flow('f4', 'answer', 'check')}${clerk('check', 'Check answer')}${flow('f5', 'check', 'e1')}<endEvent id="e1" />
    ${flow('f6', 'expire', 'e2')}<endEvent id="e2" name="Expired" />`,
    `<message id="m1" name="offer-answer" />`,
  ),
  // Started by a message; waits for a second message; the clerk may be interrupted by a cancellation.
  claim: doc(
    'claim',
    `<startEvent id="s"><messageEventDefinition messageRef="m2" /></startEvent>${flow('f1', 's', 'docs')}
    <intermediateCatchEvent id="docs" name="Documents"><messageEventDefinition messageRef="m3" /></intermediateCatchEvent>${flow('f2', 'docs', 'check')}
    ${clerk('check', 'Assess')}${flow('f3', 'check', 'e')}<endEvent id="e" />
    <boundaryEvent id="cancel" attachedToRef="check"><messageEventDefinition messageRef="m4" /></boundaryEvent>${flow('f4', 'cancel', 'x')}<endEvent id="x" name="Withdrawn" />`,
    `<message id="m2" name="claim-received" /><message id="m3" name="documents" /><message id="m4" name="withdrawn" />`,
  ),
  // A worker charges the card; a declined card is caught and goes to the clerk.
  charge: doc(
    'charge',
    `<startEvent id="s" />${flow('f1', 's', 'card')}<serviceTask id="card" name="Charge card" camunda:type="external" camunda:topic="charge-card" />
    ${flow('f2', 'card', 'e')}<endEvent id="e" />
    <boundaryEvent id="declined" attachedToRef="card"><errorEventDefinition errorRef="err" /></boundaryEvent>${flow('f3', 'declined', 'check')}
    ${clerk('check', 'Call the customer')}${flow('f4', 'check', 'e2')}<endEvent id="e2" />`,
    `<error id="err" name="Declined" errorCode="CARD_DECLINED" />`,
  ),
};

/** Installs the waiting processes in the world's application. */
export async function installWaiting(db: Db, world: EngineWorld): Promise<void> {
  await db
    .insertInto('app_processes')
    .values(
      Object.entries(WAITING).map(([id, xml]) => ({
        application_id: world.applicationId,
        id,
        names: JSON.stringify({ en: id }),
        form_id: 'form',
        bpmn: xml,
      })),
    )
    .execute();
}
