// A sequential multi-instance sub-process entered anew by an intervention
// (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md), through the console's calls on
// both databases. c7-review-rounds: "Review round" over `reviewers`, then "Signatures", a sequence over
// `signers` with "Sign contract" (`${signer}`) inside. Entered anew, its first instance starts at the
// chosen node and the others follow in order at its start; another instance cannot be placed.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { instanceOf } from './helpers/instance-readers.ts';
import { ACME, ADMIN, GLOBEX } from './helpers/test-server.ts';
import { interventionWorld } from './helpers/intervention-world.ts';

const targets = await databaseTargets();
const corpus = (await readCorpus()).filter((c) => c.file === 'c7-review-rounds.bpmn');
const ROUNDS = corpus[0].processId;
const REVIEW = 'Activity_1kq9x0v';
const SIGN = 'Activity_0z7h3mq';

describe.each(targets)('a sequence entered anew by an intervention, on $name', (target) => {
  const iv = interventionWorld(target, { prefix: 'sq', files: corpus, comment: 'sign again' });
  const { openTasks, others, move } = iv;
  const start = () =>
    iv.engine.start(ROUNDS, 'sq-init', { formData: { reviewers: ['sq-r1'], signers: 'sq-r2, sq-lead' } });

  it('offers its instances in order; the first starts at the node, the others follow at its start', async () => {
    const id = await start();
    expect(await openTasks(id)).toEqual([`${REVIEW}:sq-r1`]);
    expect((await others(id)).find((n) => n.id === SIGN)).toMatchObject({
      anew: true,
      sequential: true,
      instances: [
        { index: 0, element: 'sq-r2', user: 'Engine sq r2' },
        { index: 1, element: 'sq-lead', user: 'Engine sq lead' },
      ],
    });
    const moved = await move(id, [{ nodeid: SIGN, userids: iv.world.users.clerk, instances: [0] }]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${SIGN}:sq-clerk`]);
    await iv.engine.submit(ROUNDS, id, 'sq-clerk', { formData: {} });
    // The second instance starts at the sub-process's start, its signer by the node's rule.
    expect(await openTasks(id)).toEqual([`${SIGN}:sq-lead`]);
    await iv.engine.submit(ROUNDS, id, 'sq-lead', { formData: {} });
    expect(await instanceOf(iv.server.db, id)).toMatchObject({ status: 'completed' });
  }, 120_000);

  it("the enterprise's administrator places the first instance, each signer by the rule; another enterprise's is refused", async () => {
    const id = await start();
    const globex = await iv.server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    const peek = await globex.call('GET', '/authtime/domain/workflow/intervention/othernodes', { query: { id } });
    expect(peek.reply.errcode).toBe(1404);
    expect((await move(id, [{ nodeid: SIGN, instances: [0] }], globex)).reply.errcode).toBe(1404);
    expect(await openTasks(id)).toEqual([`${REVIEW}:sq-r1`]);
    const acme = await iv.server.signedIn(ACME.username, ACME.password, 'en');
    const moved = await move(id, [{ nodeid: SIGN, instances: [0] }], acme);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${SIGN}:sq-r2`]);
    await iv.engine.submit(ROUNDS, id, 'sq-r2', { formData: {} });
    expect(await openTasks(id)).toEqual([`${SIGN}:sq-lead`]);
  }, 120_000);

  it('refuses a later instance, naming why, in the caller language, nothing changed', async () => {
    const id = await start();
    const later = await move(id, [{ nodeid: SIGN, userids: iv.world.users.clerk, instances: [1] }]);
    expect(later.reply.errmsg).toBe(
      '"Sign contract": "Signatures" is entered anew and runs its instances one after another: only its first starts now, at the chosen nodes; instance 2 starts later, in turn, at its start. Nothing was changed.',
    );
    const zh = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const inZh = await move(id, [{ nodeid: SIGN, userids: iv.world.users.clerk, instances: [0, 1] }], zh);
    expect(inZh.reply.errmsg).toBe(
      '“Sign contract”：“Signatures”将重新进入，其实例依次运行：现在只启动第一个实例（在所选节点）；实例 2 稍后按顺序从子流程的开始处启动。未做任何更改。',
    );
    const beyond = await move(id, [{ nodeid: SIGN, userids: iv.world.users.clerk, instances: [2] }]);
    expect(beyond.reply.errmsg).toBe(
      '"Sign contract": "Signatures" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
    );
    expect(await openTasks(id)).toEqual([`${REVIEW}:sq-r1`]);
  }, 120_000);
});
