// Input/output mappings of user and external tasks (docs/adr/0216-input-output-mappings.md), through the
// runtime REST on both databases, in the files Camunda Modeler exports: c8-order-payment (corpus,
// `zeebe:ioMapping`) and c7-expense-claim (`camunda:inputOutput`). Inputs are the task's own variables:
// its assignee, its form and its worker see them, the process never does. Outputs are set in the
// process when the task is done; Camunda 8 then sets nothing else of what the form or the worker
// brought, Camunda 7 sets the rest too except the task's own names.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { openTaskAssignees } from './helpers/instance-readers.ts';
import { mappingWorld } from './helpers/mapping-world.ts';
import { fixtureDrawing } from './helpers/fixture-drawing.ts';
import { ACME } from './helpers/test-server.ts';

const targets = await databaseTargets();
const c8 = (await readCorpus()).find((c) => c.file === 'c8-order-payment.bpmn')!;
const c7 = await fixtureDrawing('io-mappings', 'c7-expense-claim.bpmn');

describe.each(targets)('input/output mappings of tasks, on $name', (target) => {
  const io = mappingWorld(target, 'io', [c8, c7]);
  const { variables, formOf, work } = io;

  it('installs both files with no mapping warned about', () => {
    for (const file of [c8, c7]) expect(file.read.cautions.map((c) => c.key)).toEqual([]);
  });

  it('Camunda 8: the inputs name the reviewer and reach the worker; only the outputs reach the process', async () => {
    const order = { id: 'A-17', clerk: 'io-r1', amount: 1500, shipping: 20 };
    const id = await io.runtime.start(c8.processId, 'io-init', { formData: { order } });
    expect(await openTaskAssignees(io.server.db, id)).toEqual(['Activity_0x3k2vd:io-r1']);
    expect(await variables(id)).toEqual({ order });
    expect(await formOf(c8.processId, id, 'io-r1')).toEqual({ order, reviewer: 'io-r1', large: true });
    await io.runtime.submit(c8.processId, id, 'io-r1', { formData: { decision: 'approve', note: 'fine' } });
    expect(await variables(id)).toEqual({ order, reviewApproved: true, largeOrder: true });
    const { seen, status } = await work('charge-card', id, { receipt: { number: 'R-88' }, status: 'charged' });
    expect(seen).toMatchObject({ order, reviewApproved: true, total: 1520, orderId: 'A-17' });
    expect(seen).not.toHaveProperty('reviewer');
    expect(status).toBe('completed');
    expect(await variables(id)).toEqual({ order, reviewApproved: true, largeOrder: true, receiptNumber: 'R-88' });
  }, 120_000);

  it('Camunda 7: the rest of what is brought reaches the process too, but not a name the task holds', async () => {
    const claim = { manager: 'io-lead', amount: 800, advance: 300 };
    const id = await io.runtime.start(c7.processId, 'io-init', { formData: { claim } });
    expect(await openTaskAssignees(io.server.db, id)).toEqual(['Activity_1c5pd7r:io-lead']);
    expect(await formOf(c7.processId, id, 'io-lead')).toEqual({ claim, approver: 'io-lead', threshold: '500' });
    await io.runtime.submit(c7.processId, id, 'io-lead', {
      formData: { approved: true, remark: 'ok', threshold: '900' },
    });
    const approved = { claim, approved: true, remark: 'ok', claimApproved: true, level: 'standard' };
    expect(await variables(id)).toEqual(approved);
    const { seen, status } = await work('book-expense', id, { reference: 'B-7', booked: true });
    expect(seen).toMatchObject({ ...approved, amountDue: 500 });
    expect(status).toBe('completed');
    expect(await variables(id)).toEqual({ ...approved, reference: 'B-7', booked: true, bookingRef: 'B-7' });
  }, 120_000);

  it('a retracted submission brings the task back with its inputs', async () => {
    const claim = { manager: 'io-lead', amount: 2500, advance: 0 };
    const id = await io.runtime.start(c7.processId, 'io-init', { formData: { claim } });
    await io.runtime.submit(c7.processId, id, 'io-lead', { formData: { approved: true } });
    expect((await variables(id)).claimApproved).toBe(false);
    const back = await io.runtime.call('runtime/retracement', {
      flowId: c7.processId,
      instanceId: id,
      userCode: 'io-lead',
    });
    expect(back.reply.errcode, back.reply.errmsg).toBe(0);
    expect(await formOf(c7.processId, id, 'io-lead')).toMatchObject({ approver: 'io-lead', threshold: '500' });
  }, 120_000);

  it('shows a task’s inputs held by its token in flow monitoring’s detail', async () => {
    const order = { id: 'A-18', clerk: 'io-r1', amount: 200, shipping: 5 };
    const id = await io.runtime.start(c8.processId, 'io-init', { formData: { order } });
    const acme = await io.server.signedIn(ACME.username, ACME.password, 'en');
    const seen = await acme.call<{ locals: unknown[] }>('GET', '/authtime/domain/workflow/flowstatert', {
      query: { id },
    });
    expect(seen.reply.errcode, seen.reply.errmsg).toBe(0);
    const row = { nodeId: 'Activity_0x3k2vd', nodeName: 'Review order', taskOf: '' };
    expect(seen.reply.data.locals).toEqual([
      { ...row, id: expect.stringMatching(/:large$/), name: 'large', value: 'false' },
      { ...row, id: expect.stringMatching(/:reviewer$/), name: 'reviewer', value: '"io-r1"' },
    ]);
  }, 120_000);
});
