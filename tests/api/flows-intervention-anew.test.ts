// Choosing instances when an intervention enters a multi-instance sub-process anew
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md), through the console's calls on both
// databases. c7-clause-review-rounds: "Prepare contract", then "Review round", parallel over
// `reviewers`, with "Read contract" and "Check clauses" inside. A sequence entered anew:
// flows-intervention-sequence.test.ts.
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../unit/core/workflow/bpmn-corpus.ts';
import { databaseTargets } from './helpers/databases.ts';
import { ADMIN, GLOBEX } from './helpers/test-server.ts';
import type { ApiClient } from './helpers/api-client.ts';
import { interventionWorld } from './helpers/intervention-world.ts';

const targets = await databaseTargets();
const corpus = (await readCorpus()).filter((c) => c.file === 'c7-clause-review-rounds.bpmn');
const CLAUSES = corpus[0].processId;
const PREPARE = 'Activity_1p7k2xd';
const READ = 'Activity_1g5t0ke';
const CHECK = 'Activity_1x8w3jm';
const SIGN = 'Activity_0c6j1ub';

describe.each(targets)('instances chosen when a multi-instance sub-process is entered anew, on $name', (target) => {
  const iv = interventionWorld(target, {
    prefix: 'mn',
    files: corpus,
    groups: ['legal', 'management'],
    comment: 'round again',
  });
  const { openTasks, others, move } = iv;
  /** The default approvers of `nodeid` in the instance `instance` names, as `caller` (the administrator). */
  const defaults = async (id: string, nodeid: string, instance?: number, caller?: ApiClient) =>
    (
      await (caller ?? iv.admin).call<Array<{ loginno: string }>>(
        'GET',
        '/authtime/domain/workflow/intervention/approvers',
        { query: { id, nodeid, ...(instance === undefined ? {} : { instance: String(instance) }) } },
      )
    ).reply;
  const logins = async (id: string, nodeid: string, instance?: number) => {
    const reply = await defaults(id, nodeid, instance);
    expect(reply.errcode, reply.errmsg).toBe(0);
    return reply.data!.map((u) => u.loginno);
  };

  it('offers the instances the collection gives now; those chosen start at the node, the others at the start', async () => {
    const id = await iv.engine.start(CLAUSES, 'mn-init', { formData: { reviewers: ['mn-r1', 'mn-r2', 'mn-lead'] } });
    expect(await openTasks(id)).toEqual([`${PREPARE}:mn-r1`]);
    const nodes = await others(id);
    expect(nodes.find((n) => n.id === CHECK)).toMatchObject({
      anew: true,
      instances: [
        { index: 0, element: 'mn-r1', user: 'Engine mn r1' },
        { index: 1, element: 'mn-r2', user: 'Engine mn r2' },
        { index: 2, element: 'mn-lead', user: 'Engine mn lead' },
      ],
    });
    expect(nodes.find((n) => n.id === PREPARE)).not.toHaveProperty('anew');
    const moved = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [1] }]);
    expect(moved.reply.errcode, moved.reply.errmsg).toBe(0);
    expect(await openTasks(id)).toEqual([`${READ}:mn-lead`, `${READ}:mn-r1`, `${CHECK}:mn-clerk`]);
  }, 120_000);

  it('refuses an instance the collection does not give, in the caller language', async () => {
    const id = await iv.engine.start(CLAUSES, 'mn-init', { formData: { reviewers: ['mn-r1', 'mn-r2'] } });
    const bad = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [0, 2] }]);
    expect(bad.reply.errmsg).toBe(
      '"Check clauses": "Review round" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
    );
    const zh = await iv.server.signedIn(ADMIN.username, ADMIN.password, 'zh');
    const inZh = await move(id, [{ nodeid: CHECK, userids: iv.world.users.clerk, instances: [4] }], zh);
    expect(inZh.reply.errmsg).toBe(
      '“Check clauses”：“Review round”将重新进入，其集合现在给出 2 个实例，没有实例 5，未做任何更改。',
    );
    const outside = await move(id, [{ nodeid: PREPARE, userids: iv.world.users.clerk, instances: [0] }]);
    expect(outside.reply.errmsg).toBe(
      '"Prepare contract" is not inside a multi-instance sub-process: there are no instances to choose.',
    );
    expect(await openTasks(id)).toEqual([`${PREPARE}:mn-r1`]);
  }, 120_000);

  it('gives the defaults of an instance it would start, each its element’s user, before and after the sub-process', async () => {
    // docs/adr/0256-intervention-defaults-for-instances-entered-anew.md: `${reviewer}` is the element.
    const id = await iv.engine.start(CLAUSES, 'mn-init', { formData: { reviewers: ['mn-r1', 'mn-r2'] } });
    expect(await logins(id, READ, 0)).toEqual(['mn-r1']);
    expect(await logins(id, CHECK, 1)).toEqual(['mn-r2']);
    expect(await logins(id, READ)).toEqual(['mn-r1']);
    const bad = await defaults(id, READ, 2);
    expect(bad.errmsg).toBe(
      '"Read contract": "Review round" is entered anew and its collection gives 2 instances now: there is no instance 3. Nothing was changed.',
    );
    // Another enterprise's administrator is refused on this real instance.
    const globex = await iv.server.signedIn(GLOBEX.username, GLOBEX.password, 'en');
    expect((await defaults(id, READ, 1, globex)).errcode).toBe(1404);
    // Past the sub-process: entered anew again, its collection as it stands.
    const past = await move(id, [{ nodeid: SIGN, userids: iv.world.users.clerk }]);
    expect(past.reply.errcode, past.reply.errmsg).toBe(0);
    expect(await logins(id, READ, 1)).toEqual(['mn-r2']);
    expect(await logins(id, CHECK, 0)).toEqual(['mn-r1']);
    expect(await openTasks(id)).toEqual([`${SIGN}:mn-clerk`]);
  }, 120_000);
});
