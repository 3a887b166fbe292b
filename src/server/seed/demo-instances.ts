// Demo workflow instances (docs/adr/0046-demo-instances-replayed.md): for every tenant bound to a demo package, a few dozen
// instances of each of its processes over the last 18 months, started and moved by the engine's own
// actions at past moments, so the lists, the dashboard and intervention have every state to show:
// waiting at the first approval or a later one, sent back, retracted, completed, deleted.
import { seeded, type Random } from '../../core/seeded-random.ts';
import type { Db } from '../db/schema.ts';
import { deleteInstance, retract, sendBack, startInstance, submitTask, type TaskInput } from '../workflow/actions.ts';
import type { ActionResult } from '../workflow/action-steps.ts';
import { DEMO_TENANTS } from './demo-data.ts';
import { DEMO_REQUESTS } from './demo-requests.ts';

type Move = 'submit' | 'back' | 'retract' | 'delete';

/** What happens after a start, move by move. A story stops early when the instance finishes, or when
 *  its next move would lie in the future (a recent instance is still under way). `recent` stories end
 *  with the instance waiting, so they start within the last weeks rather than a year ago. */
interface Story {
  moves: Move[];
  weight: number;
  recent?: boolean;
}

/** Enough submits to reach the end of the longest demo process (3 approvals). */
const APPROVED: Move[] = ['submit', 'submit', 'submit'];
const STORIES: Story[] = [
  { moves: [], weight: 2, recent: true }, // waiting at the first approval
  { moves: ['submit'], weight: 2, recent: true }, // at a later approval (a one-approval process completes)
  { moves: ['submit', 'back'], weight: 1, recent: true }, // sent back to the first approval
  { moves: ['submit', 'retract'], weight: 1, recent: true }, // taken back by its approver
  { moves: ['delete'], weight: 1 }, // withdrawn by the initiator
  { moves: ['submit', 'delete'], weight: 1 },
  { moves: APPROVED, weight: 8 },
  { moves: ['submit', 'back', ...APPROVED], weight: 2 }, // sent back once, then approved
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SPAN_DAYS = 540;
const RECENT_DAYS = 45;
/** How slow each approval is compared to a manager's, so node times differ on the dashboard. */
const PACE: Readonly<Record<string, number>> = { hr: 2, accounting: 3, controller: 0.5, director: 4, buyer: 1.5 };
const COMMENTS: Readonly<Record<Move, readonly string[]>> = {
  submit: ['', 'Approved.', 'OK', 'Fine by me.', 'Agreed, go ahead.'],
  back: ['Please attach the receipts.', 'The dates do not match the plan.', 'A second quote, please.'],
  retract: [''],
  delete: ['No longer needed.', 'Filed twice.'],
};

/** Hours an approver takes at `nodeId`: mostly a few hours, sometimes days. */
const waitHours = (random: Random, nodeId: string) => (0.25 + random.next() ** 3 * 96) * (PACE[nodeId] ?? 1);

function pickStory(random: Random): Story {
  let roll = random.next() * STORIES.reduce((sum, s) => sum + s.weight, 0);
  return STORIES.find((s) => (roll -= s.weight) < 0) ?? STORIES[0];
}

/** Acme gets most instances: it has the most users and all three packages. */
const instancesPerProcess = (slug: string) => (slug === 'acme' ? 30 : 10);

export async function seedDemoInstances(
  trx: Db,
  domains: ReadonlyMap<string, string>,
  now = new Date(),
): Promise<void> {
  for (const { slug } of DEMO_TENANTS) {
    const domainId = domains.get(slug)!;
    const processes = await trx
      .selectFrom('domain_applications as da')
      .innerJoin('app_processes as p', 'p.application_id', 'da.application_id')
      .select(['p.application_id', 'p.id'])
      .where('da.domain_id', '=', domainId)
      .orderBy('p.id')
      .execute();
    if (processes.length === 0) continue;
    // Not liaison officers: they would approve their own requests' `superior` step.
    const initiators = await trx
      .selectFrom('users')
      .select(['id', 'name'])
      .where('domain_id', '=', domainId)
      .where('status', '=', 1)
      .where('liaison', '=', false)
      .orderBy('loginno')
      .execute();
    for (const process of processes) {
      const random = seeded(`${slug}/${process.id}`);
      for (let n = 0; n < instancesPerProcess(slug); n++) {
        const initiator = random.pick(initiators);
        const story = pickStory(random);
        const at = new Date(
          now.getTime() - (1 + random.next() * ((story.recent ? RECENT_DAYS : SPAN_DAYS) - 1)) * DAY_MS,
        );
        const request = DEMO_REQUESTS[process.id](random, initiator.name, at);
        const start = {
          domainId,
          applicationId: process.application_id,
          processId: process.id,
          initiatorId: initiator.id,
          at,
          ...request,
        };
        await play(trx, random, story.moves, await startInstance(trx, start), { initiatorId: initiator.id, at, now });
      }
    }
  }
  // The replayed past told its approvers in their message centre; it mails nobody.
  await trx
    .updateTable('task_messages')
    .set({ mail_status: 'skipped', mail_detail: 'demo data' })
    .where('mail_status', '=', 'pending')
    .execute();
}

const ACTIONS: Readonly<Record<Move, (db: Db, input: TaskInput) => Promise<ActionResult>>> = {
  submit: submitTask,
  back: sendBack,
  retract,
  delete: deleteInstance,
};

/** Plays the moves on the started instance, each some hours after the one before. The demo processes
 *  have no parallel branches, so the approval the last action reached is where the instance waits. */
async function play(
  trx: Db,
  random: Random,
  moves: readonly Move[],
  started: ActionResult,
  instance: { initiatorId: string; at: Date; now: Date },
): Promise<void> {
  let [waiting] = started.tasks;
  let lastSubmitter = '';
  let at = instance.at;
  for (const move of moves) {
    if (!waiting) return; // finished, or retracted (always a story's last move)
    const approver = random.pick(waiting.assignees);
    at = new Date(
      at.getTime() + (move === 'retract' ? random.next() * 2 : waitHours(random, waiting.nodeId)) * HOUR_MS,
    );
    if (at >= instance.now) return;
    // Approvers submit and send back; the submitter retracts; the initiator withdraws (delete).
    const userId = move === 'retract' ? lastSubmitter : move === 'delete' ? instance.initiatorId : approver;
    const result = await ACTIONS[move](trx, {
      instanceId: started.instanceId,
      userId,
      comment: random.pick(COMMENTS[move]),
      at,
    });
    if (move === 'submit') lastSubmitter = approver;
    [waiting] = result.tasks;
  }
}
