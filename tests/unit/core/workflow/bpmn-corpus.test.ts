// The BPMN corpus: sixty-seven files in the forms Camunda Modeler 7 and 8, Flowable, Activiti and bpmn-js
// export (tests/fixtures/bpmn/). Each is read as an install reads it: those within the engine's reach
// install as drawn (with the warnings the preview lists); the others are refused, each problem naming
// the element by name and id. The runnable ones run to their end in tests/api/bpmn-corpus.test.ts.
import { describe, expect, it } from 'vitest';
import { readCorpus } from './bpmn-corpus.ts';

/** What each file's install refuses: message key and the element as the message names it. */
const REFUSED: Record<string, string[]> = {
  'activiti-group-expression': [],
  'activiti-inclusive': [],
  'activiti-leave': [],
  'bpmnjs-collaboration-lanes': [],
  // The drawing names no message and gives its timer no time (docs/adr/0126-timers-and-messages.md).
  'bpmnjs-event-gateway': ['noMessage: Answer received (Event_y4s71xe)', 'badTimer: 2 weeks (Event_ggzrsf3)'],
  'bpmnjs-simple-approval': [],
  'c7-bid-evaluation': [],
  'c7-call-activity': [],
  'c7-clause-review-rounds': [],
  'c7-conditional-claim': [],
  'c7-contract-negotiation': [],
  'c7-countersign': [],
  'c7-credit-application': [],
  'c7-credit-check-called': [],
  'c7-department-countersign': [],
  'c7-document-checks': [],
  'c7-expense-routing': [],
  'c7-external-task': [],
  'c7-invoice-approval': [],
  'c7-java-delegate': ['codeToTopic: Book order (Activity_ahb57z4)'],
  'c7-method-condition': ['badExpression: yes (Flow_6uzrt30)', 'badExpression: no (Flow_olefdjs)'],
  'c7-open-approvers': [],
  'c7-order-bookings': [],
  'c7-parallel-review': [],
  'c7-quote-levels': [],
  'c7-regional-budget-approval': [],
  'c7-review-deadlines': [],
  'c7-review-rounds': [],
  'c7-script-condition': ['code: Flow_ijhfkl5', 'code: Flow_b8a5gg9'],
  'c7-task-listener': ['code: Approve (Activity_4iwtats)'],
  'c7-supplier-onboarding': [],
  'c7-supplier-audit': [],
  'c7-supplier-audits': [],
  'c7-supplier-credit-checks': [],
  'c7-supplier-screening': [],
  'c7-supplier-subprocess': [],
  'c7-tender-deadline': [],
  'c7-tender-withdrawal': [],
  'c7-terminate-end': [],
  'c7-timer-escalation': [],
  'c7-vacation-request': [],
  'c7-working-time-escalation': [],
  'c7-workplace-setup': [],
  'c7-warnings': [],
  'c8-amount-routing': [],
  'c8-board-majority': [],
  'c8-call-activity': [],
  'c8-committee-decisions': [],
  'c8-job-worker': [],
  'c8-invoice-due-dates': [],
  'c8-leave-approval': [],
  'c8-message-start': [],
  'c8-multi-instance': [],
  'c8-offer-award': [],
  'c8-offer-deadline': [],
  'c8-offer-escalation': [],
  'c8-order-payment': [],
  'c8-purchase-approval': [],
  'c8-purchase-check': [],
  'c8-regional-review': [],
  'c8-ticket-offices': [],
  'flowable-call-activity': [],
  'flowable-candidate-users': [],
  'flowable-holiday-request': [
    'codeToTopic: Enter holidays in external system (externalSystemCall)',
    'codeToTopic: Send out rejection email (sendRejectionMail)',
  ],
  'flowable-leave-approval': [],
  'flowable-script-task': ['codeToTopic: Compute discount (computeDiscount)'],
  'flowable-subprocess': [],
};

describe('the BPMN corpus', () => {
  it('installs what is within reach as drawn and refuses the rest naming each element', async () => {
    const corpus = await readCorpus();
    expect(corpus.length).toBeGreaterThanOrEqual(25);
    const table: string[] = [];
    for (const { file, processId, read } of corpus) {
      const name = file.replace('.bpmn', '');
      const refused = read.problems.map((p) => `${p.key.split('.').pop()}: ${String(p.params.element)}`);
      expect(refused, file).toEqual(REFUSED[name]);
      expect(read.warnings, file).toEqual([]); // every file is well-formed BPMN 2.0
      expect(Boolean(read.definition), file).toBe(refused.length === 0);
      table.push(
        `${name} (${processId}): ${refused.length ? `refused — ${refused.join('; ')}` : `installs, ${read.cautions.length} warning(s)`}`,
      );
    }
    const installs = corpus.filter((c) => c.read.definition).length;
    console.log(`${installs} of ${corpus.length} install as drawn\n${table.join('\n')}`);
    expect(installs).toBe(60);
  }, 60_000);

  it('lists what installs without being honoured: forms, schedules, async, approvers left open', async () => {
    const corpus = await readCorpus();
    const cautions = (file: string) =>
      corpus
        .find((c) => c.file === `${file}.bpmn`)!
        .read.cautions.map((c) => `${c.key.split('.').pop()} ${String(c.params.part ?? '')}`.trim());
    expect(cautions('c7-warnings')).toEqual([
      'async camunda:asyncAfter',
      'schedule camunda:dueDate',
      'schedule camunda:priority',
      'schedule camunda:followUpDate',
    ]);
    expect(cautions('c7-invoice-approval')).toEqual([
      'form camunda:formKey',
      'form camunda:formKey',
      'form camunda:formKey',
    ]);
    expect(cautions('c8-leave-approval')).toEqual(['form zeebe:formDefinition', 'form zeebe:formDefinition']);
    expect(cautions('bpmnjs-simple-approval')).toEqual(['approversOpen', 'approversOpen']);
    // Nothing the engine honours is warned about: assignments, the initiator, tooling attributes, a
    // task's input/output mappings (docs/adr/0216-input-output-mappings.md).
    expect(cautions('c8-order-payment')).toEqual([]);
    expect(cautions('activiti-leave')).toEqual([]);
    expect(cautions('c7-vacation-request')).toEqual([]);
  }, 60_000);
});
