// Choosing which running instances of a multi-instance sub-process an intervention moves, and approvals
// there left to each instance's own rule (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md),
// through the console's calls and the runtime REST on both databases. The drawing is the corpus file
// c7-clause-review-rounds: "Prepare contract", then "Review round", a parallel sub-process over
// `reviewers` (element `reviewer`) whose "Read contract" and "Check clauses" are the reviewer's own
// (`${reviewer}`), then "Sign contract".
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN } from './helpers/test-server.ts';
import { instanceOf } from './helpers/instance-readers.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { interventionWorld, type Entry } from './helpers/intervention-world.ts';

const targets = await databaseTargets();
const corpus = (await readCorpus()).filter((c) => c.file === 'c7-clause-review-rounds.bpmn');
const FLOW = corpus[0].processId;
const PREPARE = 'Activity_1p7k2xd';
const READ = 'Activity_1g5t0ke';
const CHECK = 'Activity_1x8w3jm';
const SIGN = 'Activity_0c6j1ub';

type Named = Array<{ nodeName: string; approvers: Array<{ name: string }> }>;
type Moved = { tasks: Named; cancelled: Named; endedBranches: number; waitingAtJoins: number };

describe.each(targets)('choosing the instances an intervention moves on $name', (target) => {
  const iv = interventionWorld(target, {
    prefix: 'mc',
    files: corpus,
    groups: ['legal', 'management'],
    comment: 'clauses again',
  });
  const { openTasks, others } = iv;

  const submit = (id: string, userCode: string) => iv.engine.submit(FLOW, id, userCode, { formData: {} });
  const move = (id: string, submitTo: Entry[], client?: ApiClient, preview?: boolean) =>
    iv.move<Moved>(id, submitTo, client, preview);
  /** Three reviewers, each at "Read contract" in their own instance (indexes 0, 1, 2). */
  const reading = async () => {
    const id = await iv.engine.start(FLOW, 'mc-init', { formData: { reviewers: ['mc-r1', 'mc-r2', 'mc-lead'] } });
    await submit(id, 'mc-r1');
    expect(await openTasks(id)).toEqual([`${READ}:mc-lead`, `${READ}:mc-r1`, `${READ}:mc-r2`]);
    return id;
  };

  it('offers the running instances by index and element, and moves only those chosen; the others stay', async () => {
    const id = await reading();
    const nodes = await others(id);
    const instances = [
      { index: 0, element: 'mc-r1', user: 'Engine mc r1' },
      { index: 1, element: 'mc-r2', user: 'Engine mc r2' },
      { index: 2, element: 'mc-lead', user: 'Engine mc lead' },
    ];
    expect(nodes.find((n) => n.id === CHECK)).toMatchObject({ perInstance: true, instances });
    expect(nodes.find((n) => n.id === READ)).toMatchObject({ perInstance: true, instances });
    expect(nodes.find((n) => n.id === PREPARE)).not.toHaveProperty('instances');
    expect(nodes.find((n) => n.id === PREPARE)).not.toHaveProperty('perInstance');
    // The preview ends r2's reading alone: one branch, one task.
    const preview = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [1] }], iv.admin, true);
    expect(preview.reply.errcode, preview.reply.errmsg).toBe(0);
    expect(preview.reply.data).toMatchObject({ endedBranches: 1, waitingAtJoins: 0 });
    expect(preview.reply.data!.cancelled.map((c) => [c.nodeName, c.approvers.map((a) => a.name)])).toEqual([
      ['Review round › Read contract', ['Engine mc r2']],
    ]);
    const moved = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [1] }]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${READ}:mc-lead`, `${READ}:mc-r1`, `${CHECK}:mc-clerk`]);
    // The instances that stayed go on as they were; the sub-process completes once all three end.
    await submit(id, 'mc-clerk');
    expect((await instanceOf(iv.server.db, id)).state_label).toBe('Review round (1/3), Review round › Read contract');
    for (const reviewer of ['mc-r1', 'mc-lead']) {
      await submit(id, reviewer); // read
      await submit(id, reviewer); // clauses checked
    }
    expect(await openTasks(id)).toEqual([`${SIGN}:mc-r2`]);
  }, 120_000);

  it('refuses an instance that is not running, or none, or one for a node outside every multi-instance sub-process, in the caller language; nothing changes', async () => {
    const id = await reading();
    const before = await openTasks(id);
    const bad = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [0, 5] }]);
    expect(bad.reply.errcode).not.toBe(0);
    expect(bad.reply.errmsg).toBe(
      '"Check clauses": "Review round" has no running instance 6 (running: 1, 2, 3). Nothing was changed.',
    );
    const zh = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const inZh = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [3] }], zh);
    expect(inZh.reply.errmsg).toBe(
      '“Check clauses”：“Review round”没有正在运行的实例 4（正在运行：1, 2, 3），未做任何更改。',
    );
    const none = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [] }]);
    expect(none.reply.errmsg).toBe('"Check clauses": choose at least one instance to move.');
    const outside = await move(id, [{ nodeid: PREPARE, userids: iv.world.users.clerk, instances: [0] }]);
    expect(outside.reply.errmsg).toBe(
      '"Prepare contract" is not inside a multi-instance sub-process: there are no instances to choose.',
    );
    expect(await openTasks(id)).toEqual(before);
  }, 120_000);

  it("gives each instance its own approvers by the node's rule when none are chosen, from outside and from inside", async () => {
    const early = await iv.engine.start(FLOW, 'mc-init', { formData: { reviewers: ['mc-r1', 'mc-r2', 'mc-lead'] } });
    const entered = await move(early, [{ nodeid: CHECK, userids: '' }]);
    expect(entered.reply.errcode, entered.reply.errmsg).toBe(0);
    expect(await openTasks(early)).toEqual([`${CHECK}:mc-lead`, `${CHECK}:mc-r1`, `${CHECK}:mc-r2`]);
    // Each reviewer is back at their own task: r2 checks and only r2's instance ends.
    await submit(early, 'mc-r2');
    expect(await openTasks(early)).toEqual([`${CHECK}:mc-lead`, `${CHECK}:mc-r1`]);

    const id = await reading();
    const moved = await move(id, [{ nodeid: CHECK, instances: [0, 2] }]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(moved.reply.data!.tasks.map((t) => [t.nodeName, t.approvers.map((a) => a.name).sort()])).toEqual([
      ['Review round › Clause check › Check clauses', ['Engine mc lead', 'Engine mc r1']],
    ]);
    expect(await openTasks(id)).toEqual([`${READ}:mc-r2`, `${CHECK}:mc-lead`, `${CHECK}:mc-r1`]);
  }, 120_000);

  it('still requires approvers for a node outside a multi-instance sub-process, and refuses an instance whose rule names nobody', async () => {
    const early = await iv.engine.start(FLOW, 'mc-init', { formData: { reviewers: ['mc-r1', 'mc-ghost'] } });
    const outside = await move(early, [{ nodeid: SIGN, userids: '' }]);
    expect(outside.reply.errmsg).toBe('The handler after the intervention cannot be empty.');
    const nobody = await move(early, [{ nodeid: CHECK, userids: '' }]);
    expect(nobody.reply.errcode).not.toBe(0);
    expect(nobody.reply.errmsg).toBe(
      'Nobody can approve "Check clauses": its approvers name no on-job user of this enterprise.',
    );
    expect(await openTasks(early)).toEqual([`${PREPARE}:mc-r1`]);
  }, 120_000);
});
